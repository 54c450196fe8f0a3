import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { TOKENS_GUIDANCE } from './tokens.guidance.ts';
import { protectedPaths } from '../../app/paths.ts';
import { useTokens } from '../../lib/api/rewards.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Icon } from '../../ui/Icon.tsx';
import { Link } from '../../ui/Link.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { TableScroll } from '../../ui/TableScroll.tsx';
import '../../ui/page.css';
import './rewards.css';

const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "+10" / "−10" with the word, never a sign or colour alone. */
function amountWords(amount: number): string {
  return amount > 0 ? `earned ${amount}` : `spent ${-amount}`;
}

/**
 * /tokens, 'Tokens' (spec §2.2, §2.6): the balance, what was earned and spent, and the ledger newest
 * first (GET /api/tokens). The header's token count links here.
 */
export function TokensPage() {
  useDocumentTitle('Tokens');
  usePageGuidance(TOKENS_GUIDANCE);
  const tokens = useTokens();
  if (tokens.isPending) return <LoadingIndicator size="page" />;
  if (tokens.isError) {
    return (
      <div className="page">
        <h1>Tokens</h1>
        <p role="alert">We could not load your tokens right now. Please try again soon.</p>
      </div>
    );
  }
  const { balance, earned, spent, entries } = tokens.data;
  return (
    <div className="page">
      <h1>Tokens</h1>
      <section className="page__card tokens__balance" aria-labelledby="tokens-balance">
        <h2 id="tokens-balance" className="visually-hidden">
          Your tokens
        </h2>
        <p className="tokens__big">
          <Icon name="star" size={40} /> You have {balance} {balance === 1 ? 'token' : 'tokens'}
        </p>
        <p>
          Earned {earned} in all, spent {spent}.
        </p>
        <p className="tokens__actions">
          <Link href={protectedPaths.fluency} variant="secondary">
            <Icon name="mic" size={20} /> Read to earn more
          </Link>
          <Link href={protectedPaths.avatarShop} variant="secondary">
            <Icon name="bag" size={20} /> Spend them in the Avatar Shop
          </Link>
        </p>
      </section>
      <section className="page__card" aria-labelledby="tokens-history">
        <h2 id="tokens-history">History</h2>
        {entries.length === 0 ? (
          <p>No tokens yet. Read a story aloud to earn your first tokens!</p>
        ) : (
          <TableScroll label="Tokens earned and spent">
            <table className="tokens__table">
              <caption className="visually-hidden">Tokens earned and spent, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">What for</th>
                  <th scope="col">Tokens</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>{DATE.format(new Date(entry.created_at))}</td>
                    <td>{entry.label}</td>
                    <td className={entry.amount > 0 ? 'tokens__in' : 'tokens__out'}>
                      <Icon name={entry.amount > 0 ? 'plus' : 'minus'} size={16} />
                      <span className="visually-hidden">{amountWords(entry.amount)}</span>
                      <span aria-hidden="true">{Math.abs(entry.amount)}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>
    </div>
  );
}
