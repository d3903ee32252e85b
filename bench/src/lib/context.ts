import type { BenchDatabase } from './database.js';
import type { WebBuild } from './web-build.js';

/** What every benchmark of a run shares. */
export interface BenchContext {
  db: BenchDatabase;
  quick: boolean;
  /** One secret for every Planline server of the run: sessions made through one are good on all. */
  sessionSecret: string;
  /** The production web build with its Vite manifest, made once per run when a benchmark asks. */
  webBuild(): Promise<WebBuild>;
  log(message: string): void;
}
