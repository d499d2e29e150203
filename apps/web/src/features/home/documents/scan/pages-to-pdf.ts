/** A4's width in PDF points; a landscape page takes A4's height as its width. */
const A4_SHORT = 595.28;
const A4_LONG = 841.89;

/**
 * Several JPEG pages as one PDF, built in the browser. Each page has A4's width (portrait or
 * landscape, as the photo is) and the photo's proportions, so nothing is cropped or stretched. pdf-lib
 * loads only when a scan is sent: the dashboard does not carry it.
 */
export async function pagesToPdf(pages: Blob[]): Promise<Uint8Array> {
  const { PDFDocument } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  for (const page of pages) {
    const image = await pdf.embedJpg(new Uint8Array(await page.arrayBuffer()));
    const width = image.width >= image.height ? A4_LONG : A4_SHORT;
    const height = (width * image.height) / image.width;
    pdf.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
  }
  return pdf.save();
}
