import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { REWARDS_GUIDANCE } from './rewards.guidance.ts';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import type { RewardAchievement } from '#core/api/rewards.ts';
import { useRewards } from '../../lib/api/rewards.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Icon, type IconName } from '../../ui/Icon.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import '../../ui/page.css';
import './rewards.css';

const ICONS: Record<string, IconName> = {
  book: 'book',
  flame: 'flame',
  trophy: 'trophy',
  letters: 'letters',
  blocks: 'blocks',
  rocket: 'rocket',
  coins: 'coins',
};
const UNITS: Record<string, string> = {
  stories: 'stories',
  days: 'days in a row',
  letters: 'letters',
  words: 'words',
  wcpm: 'words a minute',
  tokens: 'tokens',
};
const RARITY: Record<RewardAchievement['rarity'], string> = { common: 'Common', rare: 'Rare', epic: 'Epic' };
const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function AchievementCard({ achievement }: { achievement: RewardAchievement }) {
  const { progress } = achievement;
  const earned = achievement.earned_at !== null;
  const percent = Math.min(100, Math.floor((progress.current * 100) / Math.max(1, progress.target)));
  return (
    <li className={earned ? 'achievement achievement--earned' : 'achievement'}>
      <span className="achievement__icon" aria-hidden="true">
        <Icon name={ICONS[achievement.icon_name] ?? 'star'} size={40} />
      </span>
      <div className="achievement__body">
        <h3>{achievement.achievement_name}</h3>
        <p>{achievement.description}</p>
        <p className="achievement__rarity">{RARITY[achievement.rarity]}</p>
        {earned ? (
          <p className="achievement__status">
            <Icon name="check" size={20} /> Earned on {DATE.format(new Date(achievement.earned_at!))}
          </p>
        ) : progress.available ? (
          <ProgressBar
            percent={percent}
            label={`${achievement.achievement_name} progress`}
            valueText={`${progress.current} of ${progress.target} ${UNITS[progress.unit] ?? progress.unit}`}
          />
        ) : (
          <p className="achievement__status">
            <Icon name="lock" size={20} /> Not yet: that part of Sparky Reads is being built.
          </p>
        )}
      </div>
    </li>
  );
}

/**
 * /rewards, 'Rewards' (spec §2.2, §2.6): the seven achievements of spec §3, earned ones first with the
 * date, the others with how far along the reader is (spec §4.5 rules, §9 thresholds), or a note when
 * the screen that earns them is not built yet. They unlock with the 'Achievement Unlocked!' toast.
 */
export function RewardsPage() {
  useDocumentTitle('Rewards');
  usePageGuidance(REWARDS_GUIDANCE);
  const rewards = useRewards();
  if (rewards.isPending) return <LoadingIndicator size="page" />;
  if (rewards.isError) {
    return (
      <div className="page">
        <h1>Rewards</h1>
        <p role="alert">We could not load your rewards right now. Please try again soon.</p>
      </div>
    );
  }
  const list = rewards.data.achievements;
  const earned = list.filter((a) => a.earned_at !== null).length;
  return (
    <div className="page">
      <h1>Rewards</h1>
      <p className="page__lead">
        <Icon name="trophy" size={28} /> You have earned {earned} of {list.length} badges.
      </p>
      <ul className="achievements" aria-label="Badges">
        {list.map((achievement) => (
          <AchievementCard key={achievement.achievement_type} achievement={achievement} />
        ))}
      </ul>
    </div>
  );
}
