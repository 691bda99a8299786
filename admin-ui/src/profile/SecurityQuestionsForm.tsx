import { useEffect, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { callApi } from '../shared/api';
import { notify } from '../shared/events';
import { HttpError, toFieldErrors, type FieldErrors } from '../shared/http';
import { SelectField } from '../grid/SelectField';
import {
  EMPTY_SECURITY_FORM,
  NO_QUESTION,
  QUESTION_NUMBERS,
  SELECT_QUESTION,
  questionChoices,
  questionDisabled,
  securityAnswersBody,
  securityFormErrors,
  type QuestionNo,
  type SecurityErrors,
  type SecurityField,
  type SecurityForm,
  type SecurityQuestion,
} from './profile';

export const SECURITY_SAVED = 'Security questions saved.';
export const OPTIONS_FAILED = 'The security questions could not be loaded.';

/**
 * The user's security questions (spec 1 sections 4 and 5): three questions chosen in order, each locking the one
 * before it and excluding the earlier choices, all six fields required; Save posts them
 * (POST /V1/User/SecurityQuestions/Insert, which replaces earlier answers) and a 400 puts the API's messages on the
 * fields. Existing answers are never shown: the API stores them hashed.
 */
export function SecurityQuestionsForm({ userName }: { userName: string }) {
  const [options, setOptions] = useState<SecurityQuestion[] | null>(null);
  const [optionsFailed, setOptionsFailed] = useState(false);
  const [form, setForm] = useState<SecurityForm>(EMPTY_SECURITY_FORM);
  const [touched, setTouched] = useState<Partial<Record<SecurityField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<FieldErrors>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    callApi('get', '/V1/User/SecurityQuestions/Options', { quiet: true })
      .then((found) => !cancelled && setOptions(found))
      .catch(() => !cancelled && setOptionsFailed(true));
    return () => {
      cancelled = true;
    };
  }, []);

  const errors: SecurityErrors = securityFormErrors(form);
  const invalid = Object.keys(errors).length > 0;
  const errorOf = (field: SecurityField) => serverErrors[field] || (touched[field] ? errors[field] : undefined);
  const clearServer = (field: SecurityField) => setServerErrors(({ [field]: _cleared, root: _root, ...rest }) => rest);

  const chooseQuestion = (n: QuestionNo, id: number) => {
    setForm((f) => {
      const questions: SecurityForm['questions'] = [...f.questions];
      questions[n - 1] = id;
      return { ...f, questions };
    });
    setTouched((t) => ({ ...t, [`Question${n}`]: true }));
    clearServer(`Question${n}`);
  };
  const typeAnswer = (n: QuestionNo, text: string) => {
    setForm((f) => {
      const answers: SecurityForm['answers'] = [...f.answers];
      answers[n - 1] = text;
      return { ...f, answers };
    });
    setTouched((t) => ({ ...t, [`Answer${n}`]: true }));
    clearServer(`Answer${n}`);
  };
  const reset = () => {
    setForm(EMPTY_SECURITY_FORM);
    setTouched({});
    setServerErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (invalid || busy) return;
    setBusy(true);
    try {
      const answer = await callApi('post', '/V1/User/SecurityQuestions/Insert', { body: securityAnswersBody(form, userName), local400: true });
      notify(answer.message || SECURITY_SAVED, 'success');
      reset();
    } catch (error) {
      if (error instanceof HttpError && error.status === 400) setServerErrors(toFieldErrors(error.apiErrors));
    } finally {
      setBusy(false);
    }
  };

  if (optionsFailed) {
    return (
      <Alert severity="error" data-testid="security-options-error">
        {OPTIONS_FAILED}
      </Alert>
    );
  }
  const rootError = serverErrors.root?.serverError;

  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="security-form">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Choose three different questions and answer each. Saving replaces the answers you gave before.
      </Typography>
      <Stack spacing={2}>
        {QUESTION_NUMBERS.map((n) => {
          const choices = questionChoices(options ?? [], form, n);
          return (
            <Stack key={n} direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <SelectField<number>
                testId={`security-question-${n}`}
                label={`Question ${n}`}
                value={form.questions[n - 1]}
                options={[{ value: NO_QUESTION, label: SELECT_QUESTION }, ...choices.map((q) => ({ value: q.question_id, label: q.question }))]}
                onChange={(id) => chooseQuestion(n, Number(id))}
                disabled={options === null || questionDisabled(form, n)}
                error={Boolean(errorOf(`Question${n}`))}
                helperText={errorOf(`Question${n}`) || ' '}
                required
                sx={{ flex: 3, minWidth: 280 }}
              />
              <TextField
                size="small"
                label={`Answer ${n}`}
                value={form.answers[n - 1]}
                onChange={(e) => typeAnswer(n, e.target.value)}
                onBlur={() => setTouched((t) => ({ ...t, [`Answer${n}`]: true }))}
                error={Boolean(errorOf(`Answer${n}`))}
                helperText={errorOf(`Answer${n}`) || ' '}
                required
                autoComplete="off"
                sx={{ flex: 2, minWidth: 200 }}
                slotProps={{ htmlInput: { 'data-testid': `security-answer-${n}`, maxLength: 500 } as InputHTMLAttributes<HTMLInputElement> }}
              />
            </Stack>
          );
        })}
      </Stack>
      {rootError && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="security-error">
          {rootError}
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={invalid || busy} data-testid="security-save">
          Save security questions
        </Button>
        <Button onClick={reset} disabled={busy} data-testid="security-clear">
          Start over
        </Button>
      </Stack>
    </Box>
  );
}
