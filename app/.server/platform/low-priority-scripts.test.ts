import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { holdScriptsUntilPainted, lowPriorityScripts } from "./low-priority-scripts.ts";

async function through(chunks: (string | Buffer)[]): Promise<string> {
  return text(Readable.from(chunks.map((c) => Buffer.from(c))).pipe(lowPriorityScripts()));
}

describe("lowPriorityScripts", () => {
  it("marks every module preload in <head> low priority, even split across chunks", async () => {
    const html = await through([
      '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/><link rel="modulep',
      'reload" href="/assets/entry.js"/><link rel="modulepreload" href="/assets/root.js"/></he',
      "ad><body><p>Šeima</p></body></html>",
    ]);
    expect(html).toBe(
      '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.js"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/root.js"/></head><body><p>Šeima</p></body></html>',
    );
  });

  it("leaves the body as written (a page may quote the markup)", async () => {
    const body = '<body><code>&lt;link rel="modulepreload"&gt;</code><link rel="modulepreload" href="/x.js"/></body>';
    expect(await through(["<html><head></head>", body])).toBe(`<html><head></head>${body}`);
  });

  it("keeps a letter split between two chunks of <head>", async () => {
    const title = Buffer.from("<html><head><title>Žemaitė</title></head><body></body></html>");
    expect(await through([title.subarray(0, 20), title.subarray(20)])).toBe(title.toString());
  });

  it("passes a document without </head> through unchanged, multi-byte letters intact", async () => {
    const parts = ["<p>Ąžuolas ", "ir ", "Čiurlionis</p>"];
    expect(await through(parts)).toBe(parts.join(""));
  });
});

describe("holdScriptsUntilPainted", () => {
  const page =
    '<html><head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/assets/entry.js"/>' +
    '<link rel="modulepreload" href="/assets/root.js"/></head><body><p>Šeima</p>' +
    '<script>window.ctx = 1;</script><script type="module" async="">import * as r from "/assets/root.js"; import("/assets/entry.js");</script>' +
    "<script>window.data = 2;</script></body></html>";

  it("drops the preloads and holds the hydration module as text, started after the first paint by the same text", () => {
    const html = holdScriptsUntilPainted(page);
    expect(html).not.toContain("modulepreload");
    expect(html).not.toContain('type="module" async');
    expect(html).toContain('<link rel="stylesheet" href="/a.css"/>');
    expect(html).toContain(
      '<script type="text/x-after-first-paint">import * as r from "/assets/root.js"; import("/assets/entry.js");</script>',
    );
    // The starter follows the held module; the other inline scripts stay where they were.
    expect(html.indexOf("requestAnimationFrame")).toBeGreaterThan(html.indexOf("text/x-after-first-paint"));
    expect(html).toMatch(/<script>window\.ctx = 1;<\/script>[\s\S]*<script>window\.data = 2;<\/script><\/body>/);
  });

  it("on a page with a nonce, the held module and its starter carry the response's nonce, and the started copy takes it", () => {
    const withNonce = page.replaceAll("<script", '<script nonce="abc+/="');
    const html = holdScriptsUntilPainted(withNonce, "abc+/=");
    expect(html).not.toContain("modulepreload");
    expect(html).toContain(
      '<script type="text/x-after-first-paint" nonce="abc+/=">import * as r from "/assets/root.js"; import("/assets/entry.js");</script>',
    );
    expect(html).toMatch(/<script nonce="abc\+\/=">requestAnimationFrame\([^<]*s\.nonce=held\.nonce/);
    // Another nonce than the page's is not this page's hydration module: nothing is held.
    expect(holdScriptsUntilPainted(withNonce, "other")).toBe(withNonce);
  });

  it("leaves a document without exactly one hydration module as it is", () => {
    const bare = "<html><head></head><body><p>Klaida</p></body></html>";
    expect(holdScriptsUntilPainted(bare)).toBe(bare);
    const twice = page.replace("</body>", '<script type="module" async="">x</script></body>');
    expect(holdScriptsUntilPainted(twice)).toBe(twice);
  });
});
