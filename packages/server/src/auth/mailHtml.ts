const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The HTML part of a mail, made from its text so both always say the same: paragraphs, a link on
 * a line of its own as a button, a login code (6 to 8 digits) large and spaced. No images, no
 * remote content, inline styles only (mail clients strip the rest).
 */
export function mailHtml(mail: { subject: string; text: string }): string {
  const paragraphs = mail.text.split(/\n{2,}/).map((block) => {
    const trimmed = block.trim()
    if (/^https?:\/\/\S+$/.test(trimmed))
      return `<p style="margin:24px 0"><a href="${escapeHtml(trimmed)}" style="background:#111827;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">Open the link</a></p><p style="font-size:12px;color:#6b7280;word-break:break-all">${escapeHtml(trimmed)}</p>`
    const html = escapeHtml(trimmed)
      .replace(/\b(\d{6,8})\b/g, '<strong style="font-size:24px;letter-spacing:4px">$1</strong>')
      .replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')
      .replace(/\n/g, '<br>')
    return `<p style="margin:0 0 16px">${html}</p>`
  })
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(mail.subject)}</title></head><body style="margin:0;padding:24px;background:#f3f4f6;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#111827"><div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px;line-height:1.5">${paragraphs.join('')}</div></body></html>`
}
