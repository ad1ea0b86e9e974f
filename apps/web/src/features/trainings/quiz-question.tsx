import { useState } from 'react';
import { Button, Checkbox, CheckboxGroup, Label, Radio, RadioGroup, Text } from 'react-aria-components';
import { SubmitForm } from '../../components/submit-form.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import type { TQuiz } from './training-queries.ts';

type TQuestion = TQuiz['questions'][number];
type TFeedback = TQuiz['feedback'][number];

/** One question: checkboxes when several answers are right, radio buttons when one is. */
export function QuizQuestionForm({
  question,
  isPending,
  onAnswer,
}: {
  question: TQuestion;
  isPending: boolean;
  onAnswer: (answerIds: string[]) => void;
}) {
  const { t } = useI18n();
  const [chosen, setChosen] = useState<string[]>([]);
  const label = <Label className="quiz-question">{question.question}</Label>;
  const hint = (
    <Text slot="description" className="hint">
      {question.multiple ? t('training.multiple_hint') : t('training.single_hint')}
    </Text>
  );
  return (
    <SubmitForm onSubmit={() => onAnswer(chosen)}>
      {question.multiple ? (
        <CheckboxGroup className="quiz-options" value={chosen} onChange={setChosen}>
          {label}
          {hint}
          {question.answers.map((answer) => (
            <Checkbox key={answer.id} value={answer.id} className="checkbox quiz-option">
              {({ isSelected }) => (
                <>
                  <span className="checkbox-box" aria-hidden="true">
                    {isSelected && '✓'}
                  </span>
                  <span>{answer.text}</span>
                </>
              )}
            </Checkbox>
          ))}
        </CheckboxGroup>
      ) : (
        <RadioGroup className="quiz-options" value={chosen[0] ?? null} onChange={(value) => setChosen([value])}>
          {label}
          {hint}
          {question.answers.map((answer) => (
            <Radio key={answer.id} value={answer.id} className="radio quiz-option">
              {answer.text}
            </Radio>
          ))}
        </RadioGroup>
      )}
      <Button type="submit" className="button button-primary" isDisabled={chosen.length === 0 || isPending}>
        {t('training.submit_answer')}
      </Button>
    </SubmitForm>
  );
}

/** After answering: the verdict, every answer marked right or wrong, and the explanation. */
export function QuizFeedback({ question, feedback }: { question: TQuestion; feedback: TFeedback }) {
  const { t } = useI18n();
  return (
    <div className="quiz-feedback">
      <p className="quiz-question">{question.question}</p>
      <p role="status" className={`verdict ${feedback.correct ? 'verdict-right' : 'verdict-wrong'}`}>
        {feedback.correct ? `✓ ${t('training.answer_correct')}` : `✗ ${t('training.answer_wrong')}`}
      </p>
      <ul className="quiz-answers">
        {question.answers.map((answer) => {
          const right = feedback.correctAnswerIds.includes(answer.id);
          const chosen = feedback.chosenAnswerIds.includes(answer.id);
          return (
            <li key={answer.id} className={right ? 'answer-right' : chosen ? 'answer-wrong' : undefined}>
              <span aria-hidden="true">{right ? '✓' : chosen ? '✗' : '·'}</span> {answer.text}
              {(right || chosen) && (
                <span className="answer-tags">
                  {' '}
                  (
                  {[right && t('training.correct_option'), chosen && t('training.your_choice')]
                    .filter(Boolean)
                    .join(', ')}
                  )
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <p className="explanation">{feedback.explanation}</p>
    </div>
  );
}
