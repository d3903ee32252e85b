import type { Context } from 'koa';

/** Where links we hand out should point: PUBLIC_URL when configured, else the address the request came to. */
export function publicOrigin(ctx: Context, publicUrl: string | undefined): string {
  return publicUrl ?? `${ctx.protocol}://${ctx.host}`;
}
