import { chromium } from 'playwright-core'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] })
const page = await browser.newPage()
page.on('console', m => console.log('console', m.type(), m.text()))
page.on('pageerror', e => console.log('pageerror', e.message))
await page.goto('http://127.0.0.1:4413/playground/')
await page.waitForSelector('[data-playground][data-state=ok]', { timeout: 30000 })
await page.locator('.cm-content').click()
await page.keyboard.press('Control+End')
await page.keyboard.press('Enter')
await page.keyboard.type('send lok -> a "x"')
console.log('typed')
for (let i = 0; i < 10; i++) {
  const t = Date.now()
  const r = await Promise.race([page.evaluate(() => document.querySelector('[data-playground]').dataset.state + ' ' + document.querySelector('[data-part=status]').textContent), new Promise(r => setTimeout(() => r('TIMEOUT'), 3000))])
  console.log(i, Date.now() - t, r)
  if (r === 'TIMEOUT') break
  await page.waitForTimeout(300)
}
await browser.close()
