/** SPEC §5 'Wallet list': native deep links get a scheme and a trailing slash. */
export function formatNativeUrl(appUrl: string, wcUri: string): { name: string; href: string } {
  if (isHttpUrl(appUrl)) return formatUniversalUrl(appUrl, wcUri)
  let base = appUrl
  if (!base.includes('://')) base = `${base.replaceAll('/', '').replaceAll(':', '')}://`
  if (!base.endsWith('/')) base = `${base}/`
  return { name: base, href: `${base}wc?uri=${encodeURIComponent(wcUri)}` }
}

/** Universal links (https) keep their host and get a trailing slash before the wc path. */
export function formatUniversalUrl(appUrl: string, wcUri: string): { name: string; href: string } {
  if (!isHttpUrl(appUrl)) return formatNativeUrl(appUrl, wcUri)
  const base = appUrl.endsWith('/') ? appUrl : `${appUrl}/`
  return { name: base, href: `${base}wc?uri=${encodeURIComponent(wcUri)}` }
}

export function isHttpUrl(url: string): boolean {
  return url.startsWith('http://') || url.startsWith('https://')
}
