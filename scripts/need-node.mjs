// Stops `npm start` (and the build) at once on a Node older than the site needs, saying which Node
// to get and how, instead of a stack trace from deep inside Astro. Plain JavaScript that any Node runs.
const need = [22, 22]
const have = process.versions.node.split('.').map(Number)
if (have[0] < need[0] || (have[0] === need[0] && have[1] < need[1])) {
	console.error(`This site needs Node ${need.join('.')} or newer (Node 24, the LTS, is best); this is Node ${process.versions.node}.
Get Node 24 with your version manager (nvm install 24, fnm use 24, volta install node@24) or from https://nodejs.org,
or let the project fetch it from the npm registry into .tools/ and use it for this shell:
  export PATH="$(bash scripts/fetch-node.sh 24)/bin:$PATH"
then run the command again. (npm test does this by itself.)`)
	process.exit(1)
}
