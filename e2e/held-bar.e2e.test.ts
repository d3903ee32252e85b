import type { BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chartSynced, dayFromToday, dragBar, newContext, signUpByApi, teamWithTeammate, useAppAndBrowser } from './harness.js';

const env = useAppAndBrowser();

const barLabel = (page: Page, taskId: string) => page.locator(`[data-task-bar="${taskId}"]`).getAttribute('aria-label');

describe('a bar someone holds', () => {
  it('[held-bar] while Bea moves a bar, Ada cannot drag it and is told why; once Bea lets go, Ada can', async () => {
    const contextA = await newContext(env.browser(), env.app().url);
    const contextB = await newContext(env.browser(), env.app().url);
    const a = await signUpByApi(contextA, 'Ada', 'Planner');
    const b = await signUpByApi(contextB, 'Bea', 'Mover');

    const project = { id: (await teamWithTeammate(a, b, 'Dock', 'Crane')).projectId };
    const [today, inFive] = [dayFromToday(0), dayFromToday(5)];
    const task = await (await a.request.post('/api/tasks', { data: { projectId: project.id, name: 'Lift boom', startDate: today, endDate: inFive } })).json();

    for (const page of [a, b]) {
      await page.goto('/');
      await page.locator(`[data-task-bar="${task.id}"]`).waitFor();
      await chartSynced(page);
    }
    const before = await barLabel(a, task.id);

    // Bea holds the bar mid-drag; Ada sees whose hand is on it.
    await dragBar(b, task.id, 6, false);
    await a.locator(`[data-task-bar="${task.id}"] [data-holder]`).getByText('Bea Mover').waitFor({ timeout: 5000 });
    // Ada's bar follows Bea's hand (her preview, throttled), not a stored change: wait until it shows where Bea holds it.
    const beasPreview = await barLabel(b, task.id);
    expect(beasPreview).not.toBe(before);
    await expect.poll(() => barLabel(a, task.id), { timeout: 5000 }).toBe(beasPreview);
    const whileHeld = beasPreview;

    // Ada's drag is refused with the reason, and changes nothing.
    await dragBar(a, task.id, 10, true);
    await a.getByText('Bea Mover is moving this task', { exact: true }).waitFor();
    // Her keyboard gets the same answer.
    await a.locator(`[data-task-bar="${task.id}"]`).focus();
    await a.keyboard.press('ArrowRight');
    expect(await barLabel(a, task.id)).toBe(whileHeld);
    const stored = await (await a.request.get(`/api/projects/${project.id}/tasks`)).json();
    expect([stored[0].startDate, stored[0].endDate]).toEqual([today, inFive]);

    // Bea drops; her dates stand everywhere, and now Ada may move the bar.
    await b.mouse.up();
    await expect.poll(async () => (await (await a.request.get(`/api/projects/${project.id}/tasks`)).json())[0].startDate, { timeout: 5000 }).not.toBe(today);
    await expect.poll(() => a.locator(`[data-task-bar="${task.id}"] [data-holder]`).count(), { timeout: 5000 }).toBe(0);
    const beas = await barLabel(a, task.id);
    expect(beas).toBe(whileHeld);
    await dragBar(a, task.id, 10, true);
    await expect.poll(() => barLabel(a, task.id)).not.toBe(beas);
    await expect.poll(() => barLabel(b, task.id), { timeout: 5000 }).toBe(await barLabel(a, task.id));
    await contextA.close();
    await contextB.close();
  });

  it('[crossed-drops] two drops of one bar that cross: the one overwritten is told who won and can put theirs back', async () => {
    const contextA = await newContext(env.browser(), env.app().url);
    const contextB = await newContext(env.browser(), env.app().url);
    // Bea's messages to the server can be held back, as a slow network would: Ada does not see her take the bar.
    const slow = await slowUplink(contextB);
    const a = await signUpByApi(contextA, 'Ada', 'Planner');
    const b = await signUpByApi(contextB, 'Bea', 'Mover');
    const project = { id: (await teamWithTeammate(a, b, 'Quay', 'Gantry')).projectId };
    const task = await (await a.request.post('/api/tasks', { data: { projectId: project.id, name: 'Swing arm', startDate: dayFromToday(0), endDate: dayFromToday(5) } })).json();
    for (const page of [a, b]) {
      await page.goto('/');
      await page.locator(`[data-task-bar="${task.id}"]`).waitFor();
      await chartSynced(page);
    }

    // Bea takes the bar and moves it; her hand does not reach Ada yet.
    slow.hold();
    await dragBar(b, task.id, 6, false);
    // Ada moves the same bar further and lets go: it is stored.
    await dragBar(a, task.id, 14, true);
    const adas = (await barLabel(a, task.id))!;
    await expect.poll(async () => (await (await a.request.get(`/api/projects/${project.id}/tasks`)).json())[0].startDate, { timeout: 5000 }).not.toBe(dayFromToday(0));
    // Bea lets go where she was, then her messages go out.
    await b.mouse.up();
    // Her drop is written in the frame after the release: until then the bar may show what the document holds.
    await expect.poll(() => barLabel(b, task.id), { timeout: 5000 }).not.toBe(adas);
    const beas = (await barLabel(b, task.id))!;
    slow.release();

    // Both charts come to one result (Bea's drop wins when Ada's had reached her first, else the CRDT picks one).
    await expect.poll(async () => (await barLabel(a, task.id)) === (await barLabel(b, task.id)), { timeout: 5000 }).toBe(true);
    const kept = await barLabel(a, task.id);
    expect([adas, beas]).toContain(kept);
    const [loser, winner, lost, winnerName] = kept === beas ? [a, b, adas, 'Bea Mover'] : [b, a, beas, 'Ada Planner'];
    // The one whose drop was overwritten is told by whom; the other is told nothing.
    await loser.getByText(`${winnerName} moved “Swing arm” at the same time`, { exact: true }).waitFor({ timeout: 5000 });
    expect(await winner.getByText('at the same time').count()).toBe(0);
    // "Use mine" puts the overwritten dates back, for everyone.
    await loser.getByRole('button', { name: 'Use mine' }).click();
    await expect.poll(() => barLabel(loser, task.id)).toBe(lost);
    await expect.poll(() => barLabel(winner, task.id), { timeout: 5000 }).toBe(lost);
    await contextA.close();
    await contextB.close();
  });
});

/** The /collab sockets of a context, with the browser's messages to the server held back while `hold` lasts. */
async function slowUplink(context: BrowserContext) {
  let holding = false;
  const held: [WebSocketRoute, string | Buffer][] = [];
  await context.routeWebSocket(/\/collab/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      if (holding) held.push([server, message]);
      else server.send(message);
    });
  });
  return {
    hold: () => void (holding = true),
    /** Sends what was held, in order, and lets the rest through. */
    release() {
      holding = false;
      for (const [server, message] of held.splice(0)) server.send(message);
    },
  };
}

