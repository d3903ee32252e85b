import { writeFileSync } from 'node:fs';
import { pdfStream } from '../src/features/export/pdf-export.js';
import { relaunchPlan } from './export-plan.js';

// The PDF of the realistic 27-task plan, to look at: `npx tsx api/test/sample-pdf.ts out.pdf`, then
// `pdftoppm -r 90 -png out.pdf page` (docs/screenshots/pdf-timeline.png is its timeline page).
const chunks: Buffer[] = [];
for await (const chunk of await pdfStream(relaunchPlan(), { includeCharts: true, includeTimeline: true, includeAssignments: true })) chunks.push(chunk as Buffer);
writeFileSync(process.argv[2] ?? 'sample.pdf', Buffer.concat(chunks));
