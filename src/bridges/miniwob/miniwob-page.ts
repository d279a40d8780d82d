import type { Page } from "playwright-core";
import type { RequestsInFlight } from "./requests-in-flight.js";

/** A live task page and the requests it has in flight (what a reading waits for). */
export interface MiniwobPage {
  page: Page;
  requests: RequestsInFlight;
}
