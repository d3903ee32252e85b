import { AI_MODEL_RESPONSE_JSON_SCHEMA, aiModelRefinementSchema, type AiModelRefinement } from '@planline/domain';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Logger } from '../../logger.js';

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

const instructions = (today: string) =>
  [
    'You turn a request written by a member of a project-planning team into one task.',
    `Today is ${today} (yyyy-MM-dd). Resolve relative dates ("next Friday", "in 2 weeks") from today.`,
    // The same meanings as the offline reading (docs/rules.md ai-dates, ai-duration), so the preview agrees.
    '"Friday" or "by Friday" is the first Friday on or after today; "next Friday" is the Friday of the following Monday-to-Sunday week.',
    'A duration ("takes 2 weeks", "for 3 days", "a 2-day workshop") makes endDate = startDate + that many calendar days - 1.',
    'name: a short task name without dates, people or priority words, starting with a capital letter.',
    'description: any further detail the request gives, else null.',
    'priority: critical for urgent/critical/asap, high for high/important, low for low/whenever, else medium.',
    'status: blocked, in_progress (in progress, started), completed (done, completed), else pending.',
    'assigneeName: the person who should do it ("Alice to …", "Bob should …", "assign to @carol") exactly as written, "me" when the writer means themself, else null.',
    `startDate and endDate: yyyy-MM-dd. With no dates, start today and end 7 days later. With only a deadline, start today. endDate is never before startDate.`,
  ].join('\n');

/**
 * The optional language-model pass of the AI task creator: an OpenAI-compatible chat completion constrained to
 * a strict JSON schema, checked with zod. Any failure (network, status, timeout, malformed or invalid answer)
 * returns null, and the caller keeps the offline parse. Only the prompt and today's date leave the server;
 * names are matched to members here, never sent.
 */
export class ModelRefiner {
  constructor(
    private readonly config: NonNullable<Config['ai']>,
    private readonly logger: Logger,
  ) {}

  async refine(prompt: string, today: string): Promise<AiModelRefinement | null> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.config.timeoutMs);
    try {
      const res = await fetch(`${this.config.baseUrl}/chat/completions`, {
        method: 'POST',
        signal: controller.signal,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.config.apiKey}` },
        body: JSON.stringify({
          model: this.config.model,
          temperature: 0,
          messages: [
            { role: 'system', content: instructions(today) },
            { role: 'user', content: prompt },
          ],
          response_format: {
            type: 'json_schema',
            json_schema: { name: 'task', strict: true, schema: AI_MODEL_RESPONSE_JSON_SCHEMA },
          },
        }),
      });
      if (!res.ok) throw new Error(`the model API answered ${res.status}`);
      // The body is read under the same deadline: a server that sends headers and then stalls is cut off too.
      const completion = completionSchema.parse(await res.json());
      return aiModelRefinementSchema.parse(JSON.parse(completion.choices[0]!.message.content));
    } catch (err) {
      this.logger.warn({ err: controller.signal.aborted ? 'timeout' : err }, 'AI model refinement failed; using the offline parse');
      return null;
    } finally {
      clearTimeout(timer);
    }
  }
}
