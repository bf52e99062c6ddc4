// UsageError is defined in @carb/jobs (jobs refuse usage errors only the input can show); options import it from here.
import { UsageError, badValue } from '@carb/jobs';

export { UsageError, badValue };
