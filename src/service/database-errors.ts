/**
 * What the Discord layer needs to know of the database it never opens: a write that finds it busy
 * is tried again (`whenWritable`), and a failed interaction is told apart as the database busy,
 * unreachable (PostgreSQL's server) or its disk full, with the advice the log gives. The store itself stays inside the service.
 */
export { isBusy, isCommitUnknown, isUnreachable, queryErrorCode, whenWritable } from '../db/busy.js';
export { databaseFolder, freeSpaceAdvice, isDiskFull } from '../db/disk-full.js';
export { errorLine } from '../db/connection.js';
