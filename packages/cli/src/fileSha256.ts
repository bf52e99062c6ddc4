// Kept for gate/ until it moves to @carb/deploy (issue 27, helper F): fileSha256 lives in @carb/jobs.
import { fileSha256 } from '@carb/jobs';

export { fileSha256 };
