import { chromium } from 'playwright-core'
import AxeBuilder from '@axe-core/playwright'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] })
const context = await browser.newContext()
const page = await context.newPage()
await page.goto('http://127.0.0.1:4413/' + process.argv[2])
await page.waitForTimeout(3000)
if (process.argv[3]) {
await page.locator('.cm-content').click()
await page.keyboard.press('Control+End')
await page.keyboard.press('Enter')
await page.keyboard.type('send lok -> a "x"')
await page.waitForTimeout(2000)
}
let t = Date.now()
const r = await new AxeBuilder({ page }).analyze()
console.log('axe', Date.now() - t, r.violations.map(v => v.id + ' ' + v.impact + ' ' + v.nodes.map(n => n.target.join(' ')).join(' | ')))
await browser.close()
