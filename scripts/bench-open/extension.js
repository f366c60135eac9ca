// Stands in for a browser wallet extension (inlined at the top of both probe pages by bench-open.ts):
// its EIP-6963 announcement is there before the page's scripts run, like a content script's.
;(() => {
  const icon =
    'data:image/svg+xml,' +
    encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#6c5ce7"/></svg>')
  const provider = {
    request: async ({ method }) => (method === 'eth_accounts' ? [] : method === 'eth_chainId' ? '0x1' : null),
    on() {},
    removeListener() {},
  }
  const detail = Object.freeze({ info: { uuid: '7f1d1f0c-6a53-4c8f-9a55-2c5c8f3a0b11', name: 'Bench Wallet', icon, rdns: 'org.portico.bench' }, provider })
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
})()
