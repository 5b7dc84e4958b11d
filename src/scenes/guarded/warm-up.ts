/**
 * The scene a checker checks once it has loaded, before it takes any: it makes the claim language
 * of a cast, compiles and loads a sample, opens a database and runs the engine, so the first scene
 * the pool gives it is timed for its own work, not for the checker's first use of each part.
 */
export const WARM_UP_SCENE = `code ts
  await summaries.hold(chatId, async lease => save(chatId, text, lease.fence))
end
actor a     "Worker A"  at 10,25 icon=cpu
actor lock  "Lock"      at 50,50 icon=lock
actor db    "chat.db"   at 90,50 icon=database
link a lock
link a db
set db "fence 0"

step "Worker A holds the key with fence 1 and saves."
  send lock -> a "fence 1"
  send a -> db "save, fence 1" color=ok
  set db "fence 1"
`
