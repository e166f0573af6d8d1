/**
 * Per-turn extraction: what a session teaches that is worth remembering, written to memory through one
 * boundary.
 *
 * <p>{@link TranscriptTurns} is the one mapping from a transcript to turns, shared with the session notes
 * and the dream: a turn is a message the person typed and everything up to the next one ({@link
 * TranscriptTurn}, given to an extractor as {@link TurnText}s with their {@link TurnRole}). User records
 * the harness injected (meta records, compaction summaries, slash-command and local-command records, task
 * notifications, skill bodies) are not human input, and {@code <system-reminder>} spans are removed. A
 * turn in which the agent itself wrote into a memory directory is flagged, and left out of extraction.
 *
 * <p>An {@link Extractor} turns turns into {@link MemoryCandidate}s (each with its {@link CandidateType},
 * {@link CandidateAction}, {@link CandidateSource} and {@link Evidence}) against the memories that exist
 * ({@link ExistingMemory}). {@link RuleBasedExtractor} is the offline one (English and Chinese rules for
 * explicit requests, corrections in the phrasings people use ({@link Corrections}) and by their clause structure
 * ({@link CorrectionClauses}: a directive negation or a contrast, one table of markers per language), each kept
 * whole with the sentences around it that say what to do instead and why ({@link CorrectionSpans}: any other rule keeps the
 * reason said right after it, "Otherwise you tend to create duplicates."; in Japanese, Korean,
 * Vietnamese, Russian, Spanish, Portuguese, French and German by their clauses alone, each language's grammar of
 * prohibition, contrast, cause and "from now on", the sentence's language told by its script or function words:
 * {@link CorrectionLanguages}), standing
 * preferences that say no "don't" ("No emoji in answers.", "I dont like emdashes", "I don't want the dark mode toggle",
 * "I would like to use Temporal for the jobs", "X should always ...", "run everything via compose only", a choice made
 * for the whole code: "swap moment for date-fns throughout the codebase", 加入规则),
 * list items written as plain instructions of a rules list ({@link InstructionLines}: "- Use `date-fns` for date
 * operations", "1. 每次缩进使用4个空格"; not a list of the work asked, under a heading that asks for work or in a list that
 * reports faults), confirmations, project
 * facts, references and user background from what a person typed, and workflow facts from what the session
 * did repeatedly and successfully ({@link SessionWork}: the task tracker, the checks before a commit, a
 * generator after schema changes, a gitignored folder force-added, the test command), each with its turns;
 * tool output is evidence only, and so is code a person pastes among their words ({@link CodeLines}: what a
 * program says to its users, a linter's or build log's line, a message's pointer to the program's docs ("Learn more:
 * https://..."), and a comment describing the statement beside it, are
 * not the person speaking), and
 * others' words they pass on ({@link PastedVoices}: a prompt written for a model, a reviewer's or a bot's comment, a
 * model's answer passed on whole as the user turn, told by an assistant's voice, as Aider's architect mode hands its plan
 * to the editor model, a prompt template a command expanded into the turn, told by how it speaks to the model of "the
 * user" and by a template's marks, where only the input it quotes under its heading for the user is the person's;
 * {@link QuotedLines}: a Markdown quote the person answers, reports or signs, where a quote that is the whole turn, or
 * closes it after a framing of theirs, "Remember:" or 规则：, is their own rule).
 * What holds after the request is told apart from the work at hand: an edit asked for or reported ("put it under the
 * chart instead"), a "don't" bounded in time or with nothing named to avoid, the speaker's own negation ("I don't
 * follow"), a "do not" of changing a thing or of doing the work itself beside the work the turn asks for ({@link
 * TaskScope}: "Do not change other parts of the page.", "Do NOT write code.", "Do not add deployment notes.", unless a boundary, a condition or a
 * reason outlasts that work: "outside src/", "unless asked"), and the plain instructions of a turn holding more than
 * {@code extraction.documentChars} of the person's words (a document for the work: a brief, a spec, a plan) are no
 * rule; a recurrence ("after each sub-task", "each time we change the schema"), "always", "from now on" or a rule asked
 * for make one,
 * and so do what to do the next time the person says something ("when I say ship it, tag the release", 如果我说部署...),
 * a condition with "always" or "never" ("before you push never skip the changelog"), a stated convention (我们约定...,
 * "our convention is ..."), the language of every answer (中文回答) and a rule asked to be written into the agent's
 * instructions ("update the skill to ...", 把X写进claude.md); a list item is also read under a leading condition or
 * with a modal ("- When touching the schema, regenerate the client", "- Release notes must ...")). A sentence that
 * yields no rule as a whole is read clause by clause ({@link RequestClauses}): a clause that states a standing
 * preference (it holds on, names a tool or what to use instead, a preference, what the project does not do: "update the
 * Makefile - we don't use multipass anymore", "use placeholders and use Gradle as the build system", ...，一律用 pnpm) is
 * kept though its neighbour asks for an edit or names the thing at hand; a plain "don't" beside the request, a question,
 * a sentence bounded in time or opening with a condition keeps none.
 * A link is a reference to keep when it points at a place to go back to (a dashboard, a tracker, docs), not at one item
 * of a tracker or a CI (an issue, a pull request, a run, a ticket), which is the work at hand ({@link References}).
 *
 * <p>Beside the rules, a learnt model ({@link CorrectionClassifier}: a logistic regression over a turn's words, word
 * pairs and Han characters, its length, whether it asks, whether the agent spoke just before, and what the rules read
 * of it) says how likely a turn is a standing correction. A turn the rules pass over is kept whole when the model is
 * sure enough ({@code extraction.learntCorrectionMin}), so what to do instead and why stay in it; a correction the
 * rules read, or a rule they read as a standing preference, goes when the model finds its turn unlike any ({@code
 * extraction.learntCorrectionKeep}); the rules' reading of the work at hand (this file, this time, an edit asked for, a
 * "don't" of what the speaker needs or of a pronoun alone), a turn that only asks and a rule asked to be kept,
 * confirmed or listed are never overruled. Chinese turns (mostly Han characters) have thresholds of their own
 * ({@code ...MinHan}, {@code ...KeepHan}), and there the model weighs every rule the turn yields, a rule asked to be
 * kept or listed too: 注意, 记得 and a numbered list open the steps of one request as often as a rule, and the
 * readings the model could not veto had found corrections at a third of the keyword baseline's rate per wrong turn.
 * A correction that names both what to stop and what to use instead (别用 Moment.js，用 date-fns) is never the
 * model's to drop, a rule asked to be written into the rules or a confirmation neither.
 * The lab chooses each script's pair on folds by person as the one whose
 * corrections found, less its wrong turns times the keyword baseline's rate of corrections per wrong turn, is highest
 * ({@code ScriptThresholds}), so what the model adds or takes must beat the baseline's own rate in each script; by
 * default the model is off outside Chinese ({@code learntCorrectionMin} 1, {@code learntCorrectionKeep} 0), where the
 * rules alone scored higher.
 * Its weights are a resource of this package, fitted offline by the lab ({@code CorrectionLab} in engram-bench,
 * {@code bench corrections}) on the labelled sets of real corrections, and chosen by cross-validation against the rules
 * alone and a keyword baseline, folded by person ({@code --fold-by person}: no person's turns train the model that
 * scores them; {@code --sweep} compares ways to fit it at a grid of thresholds). The resource names the feature
 * options it was fitted with ({@link CorrectionFeatures}: the turn's script, kana as characters, the words a negation
 * governs, the agent's words before, other languages' keywords, three Han characters in a row, Han characters read apart
 * from the letters they touch); the shipped weights use the script, the Han trigrams and Han characters apart.
 *
 * <p>A second learnt model weighs what a turn means beside its words ({@link CorrectionModels}): the same logistic
 * regression, its features and the rules' cues, plus the turn's sentence vector ({@link TurnVector}: the person's own
 * words, code and pasted voices blanked) read by the embedding model of its script, all-MiniLM-L6-v2-q for every turn
 * but Chinese ones, bge-small-zh-v1.5-q for those, as the product's pair reads them; its weights
 * ({@code correction-classifier-vectors.tsv}) name the model each script's components were fitted on. Where its
 * thresholds for the turn's script are on ({@code extraction.vectorCorrectionMin}, {@code ...Keep}, {@code ...Han})
 * and that model is installed it takes the place of the model of words, and from {@code vectorCorrectionOverEdit} on
 * it may keep a turn whole beside an edit the turn asks for (a standing preference inside a request), never a
 * one-off. It decides which turns, not what is written: the rules' clause reading, with what to use instead and why,
 * stays wherever they read one. Without the embedding model (offline, the Chinese model never added, or one that does
 * not load) the model of words judges as before and the pass's report says so ({@link
 * RuleBasedExtractor#withoutVectors}); nothing is loaded where its thresholds are off.
 *
 * <p>With a model, the
 * turns go out as the conversation, marked cacheable, followed by MEMORY.md and every memory's name and
 * description, and the answer is validated JSON.
 *
 * <p>{@link ExtractionPass} runs it for a session: under the session's lock it reads where it got to
 * (the {@code extraction} section of the session's ledger; another file under the same id starts again),
 * extracts from the new turns only (flagged ones reported as {@link SkippedRange}s) and hands every
 * candidate to the write boundary: a memory resting on tool output is refused, whatever the extractor
 * said, and what the session did makes project facts only; a name that exists is merged into that memory; new memories get their source and
 * session. {@link ExtractionReport} lists an {@link ExtractionOutcome} per candidate (created, updated,
 * skipped with why, or proposed: with {@code memory.review} at {@code PROPOSE} the boundary writes nothing and
 * each memory waits in the review inbox, {@code io.engram.review}, with the words it was read from). A dry run does everything but the writes and the state. Given the transcript file
 * ({@code run(Path, String, boolean)}), the pass reads from the byte offset where the last pass over it stopped ({@link
 * io.engram.transcript.TranscriptCheckpoint}, checked against a checksum of the bytes before it, so a replaced file is read again), in
 * pieces of at most {@code extraction.maxReadBytes}: its time and memory follow what was appended, not the
 * file's size ({@code runAs} for {@code engram extract}: the same, under the session the user names). A candidate over {@code memory.maxMemoryBytes} (or an update that would push a memory over
 * it) is skipped with the store's reason.
 *
 * <p>The lab (engram-bench, under this package's name) measures an extractor's precision and recall on labelled
 * turns ({@code ExtractionEvaluation}), on whole sessions labelled by hand ({@code SessionEvaluation}: required,
 * optional and must-not memories), and how whole the corrections it writes are ({@code CorrectionEvaluation}: found,
 * alternative kept, reason kept, and kept whole, on a hash split), each beside a keyword baseline measured in the
 * same run. A memory's name is a
 * readable slug of what it says, in the user's script ({@code io.engram.memory.ReadableNames}).
 *
 * <p>Where to start: {@link ExtractionPass#run}; the command line's {@code engram extract} and the Stop,
 * PreCompact and SessionEnd hooks call it.
 */
package io.engram.extract;
