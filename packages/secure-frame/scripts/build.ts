// npm run build -w @portico/secure-frame  ->  dist/frame.js, dist/callback.js, dist/frame.css
import { statSync } from 'node:fs'
import { buildSecureFrame } from '../src/build.js'

const out = await buildSecureFrame()
for (const file of ['frame.js', 'callback.js', 'frame.css']) console.log(`built ${out}/${file} (${(statSync(`${out}/${file}`).size / 1024).toFixed(1)} kB)`)
