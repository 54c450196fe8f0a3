/**
 * GET /api/reading-stats, now shared with other screens from src/lib/api/reading-stats.ts (one query key, so a
 * saved reading refreshes every screen that shows the statistics).
 */
export {
  READING_STATS_QUERY_KEY,
  fetchReadingStats,
  getReadingStatsQueryOptions,
  useReadingStats,
} from '../../../lib/api/reading-stats.ts';
