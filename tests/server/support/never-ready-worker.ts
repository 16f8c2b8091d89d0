/*
 * A worker module that never finishes starting (src/server/db/snap-writer-thread.test.ts): a snap writer's thread
 * still loading when the server is asked to stop. Its timer keeps the thread alive; it never listens for messages.
 */
setInterval(() => {}, 1000);
