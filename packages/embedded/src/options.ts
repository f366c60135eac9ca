export interface EmbeddedWalletOptions {
  /** The secure origin (`http://127.0.0.1:8788` from `npm start`), or its frame page; an origin means its /frame page. */
  frameUrl: string
  /** The page a social popup opens first, relative to the frame's origin. */
  socialLoadingPath?: string
  /** SPEC §7: passed to the frame as enableCloudAuthAccount when set. */
  enableCloudAuthAccount?: boolean
}
