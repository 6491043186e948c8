import { createInterface } from "node:readline";

/** The first line on standard input (a password piped in), or "" when there is none. */
export async function readFirstLine(): Promise<string> {
  const rl = createInterface({ input: process.stdin });
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return "";
}
