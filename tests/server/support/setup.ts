// zod 4 gives each schema its methods when it is built, so @hono/zod-openapi must extend zod before any
// shared domain schema is created; route modules call .openapi() on those schemas.
import "@hono/zod-openapi";
