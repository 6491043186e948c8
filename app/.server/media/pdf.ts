import fs from "node:fs/promises";

// A scan that says it is a PDF must be one: before it is kept and served,
// Mozilla's PDF reader (pdfjs-dist, the one Firefox shows PDFs with) opens it
// and its first page. A file that only starts like a PDF (an HTML page behind
// "%PDF-", a cut-off download) is refused.

/** Whether the file is a PDF a browser can show: it opens and has a first page. */
export async function isReadablePdf(file: string): Promise<boolean> {
  // Loaded on first use: the reader is large and most requests never need it.
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const task = getDocument({
    data: new Uint8Array(await fs.readFile(file)),
    // Nothing the file names is fetched: no fonts or other files.
    disableFontFace: true,
    useWorkerFetch: false,
    useSystemFonts: false,
    stopAtErrors: true,
    verbosity: 0,
  });
  try {
    const document = await task.promise;
    if (document.numPages < 1) return false;
    await document.getPage(1);
    return true;
  } catch {
    return false;
  } finally {
    await task.destroy();
  }
}
