const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Fills `{{name}}` placeholders; an unknown placeholder stays visible rather than vanishing. */
export function interpolate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

export interface MailLayout {
  language: string;
  title: string;
  /** Shown by mail clients next to the subject; hidden in the body. */
  preview: string;
  /** Already escaped HTML. */
  bodyHtml: string;
  footer: string;
}

/**
 * One table-based layout with inline styles: what mail clients render reliably. Every text that
 * goes in is escaped here or by the caller.
 */
export function htmlLayout(layout: MailLayout): string {
  return `<!doctype html>
<html lang="${escapeHtml(layout.language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(layout.title)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(layout.preview)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td style="font-size:22px;font-weight:bold;color:#1e3a8a;padding-bottom:16px">Taxli</td></tr>
<tr><td style="font-size:16px;line-height:1.5">${layout.bodyHtml}</td></tr>
</table>
<p style="font-size:12px;color:#64748b;max-width:480px;margin:16px auto 0">${escapeHtml(layout.footer)}</p>
</td></tr>
</table>
</body>
</html>`;
}
