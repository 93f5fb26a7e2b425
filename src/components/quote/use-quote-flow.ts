import { useRouter } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { readSavedQuote, writeSavedQuote, type SavedQuote } from '@/api/saved-quote';
import { compactAmounts, deductibleWords } from '@/components/quote/option-words';
import { placeWords } from '@/components/quote/place-words';
import { isSignedIn } from '@/machines/auth.machine';
import { pricedOption, quoteMachine, type QuoteContext, type QuoteInput } from '@/machines/quote.machine';
import { useScreenNavigate } from '@/routes/screen-navigation';
import { useClientArea } from '@/routes/use-broker';

/** Where the quote flow shows: ZIP and prices on quotes, the questions on questionlist. */
export type QuoteFlowScreen = 'quotes' | 'questionlist';

/**
 * The quote machine for one screen, resumed from the tab's saved quote for this speciality and
 * saving as it goes, with its moves between quotes and questionlist provided here at the router
 * edge. Both screens resume the same saved quote, so either survives a reload.
 */
export function useQuoteFlow(specialityId: number, screen: QuoteFlowScreen, specialityName?: string) {
  const navigate = useScreenNavigate();
  const { auth } = useRouter().options.context;
  const clientId = useClientArea();
  const [input] = useState<QuoteInput>(() => {
    const saved = readSavedQuote(specialityId);
    if (!saved) return { specialityId, clientId };
    // The questions screen always shows the questions; only quotes picks a priced quote up again.
    return { ...saved, clientId, ...(screen === 'questionlist' ? { resume: 'questions' } : {}) };
  });
  const [state, send, actor] = useMachine(
    quoteMachine.provide({
      actions: {
        showQuestions: () => {
          if (screen !== 'questionlist') void navigate({ screen: 'questionlist', state: { specialityId } });
        },
        showQuote: () => {
          if (screen !== 'quotes') void navigate({ screen: 'quotes', state: { specialityId } });
        },
        // Signed in, the order is theirs already: on to review and pay it, or to the order kept.
        // A visitor signs up to keep it (the saved quote carries its key, which sign-up hands over
        // as submissionRequest) and goes straight on to buying it from there.
        showSaved: (_, { submission, intent }) => {
          const submissionid = String(submission.submissionId);
          if (!isSignedIn(auth.getSnapshot())) void navigate({ screen: 'signup' });
          else if (intent === 'buy') void navigate({ screen: 'payment', search: { submissionid } });
          else void navigate({ screen: 'order', params: { submissionid } });
        },
      },
    }),
    { input },
  );
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      const { context } = snapshot;
      // The questions screen does not know the price: it keeps the summary the quote screen wrote.
      const summary = specialityName ? coverSummary(specialityName, context) : readSavedQuote(specialityId)?.summary;
      const saved: SavedQuote = {
        specialityId,
        zipcode: context.zipcode,
        answers: context.answers,
        applicationAnswers: context.applicationAnswers,
        ...(context.choice ? { choice: context.choice } : {}),
        ...(context.paymentTerm ? { paymentTerm: context.paymentTerm } : {}),
        ...(context.submission ? { submission: context.submission, intent: context.intent } : {}),
        ...(summary ? { summary } : {}),
        ...(context.saveKey ? { saveKey: context.saveKey } : {}),
        ...(Object.keys(context.fieldErrors).length ? { fieldErrors: context.fieldErrors } : {}),
        // A priced quote resumes as a quote; anything earlier resumes at the questions.
        resume: snapshot.matches('quoting') ? 'quote' : 'questions',
      };
      // Nothing to keep until the questions are in: a failed first load must not wipe a saved quote.
      if (!snapshot.matches('questionnaire')) writeSavedQuote(saved);
    });
    return () => subscription.unsubscribe();
  }, [actor, specialityId, specialityName]);
  return [state, send] as const;
}

/** The cover chosen and its price, as the summary on the screens after the quote shows them. */
function coverSummary(speciality: string, context: QuoteContext): NonNullable<SavedQuote['summary']> {
  const option = pricedOption(context.matrix, context.choice);
  const limit = context.matrix?.limits.find((candidate) => candidate.code === context.choice?.limitCode);
  const deductible = context.matrix?.deductibles.find((candidate) => candidate.code === context.choice?.deductibleCode);
  const plan = option?.paymentPlans.find((candidate) => candidate.code === context.paymentTerm);
  return {
    speciality,
    ...(context.location ? { place: placeWords(context.location, 'short') } : {}),
    ...(limit ? { limit: compactAmounts(limit.label) } : {}),
    ...(deductible ? { deductible: deductibleWords(deductible.label) } : {}),
    ...(plan ? { plan: plan.name, dueNowCents: plan.downPaymentCents } : {}),
    ...(option ? { totalCents: option.totalCents } : {}),
  };
}
