/**
 * The lab's {@code bench} command: timed harnesses, each reporting its figure against a baseline measured in the
 * same run: instruction loading, transcript reading, a hook call through the launcher and the resident service,
 * offline compaction and compaction against Claude Code's own, recall latency at growing sizes, how long storing
 * vectors holds the on-disk index, the search of past sessions at growing history sizes, LoCoMo evidence recall,
 * recall on coding-agent memories, and correction extraction on labelled real corrections (cross-validated beside
 * the rules alone and a keyword baseline; the training of the shipped correction model).
 *
 * <p>They are not in engram.jar: a user's {@code engram} has no {@code bench}. From a clone, {@code ./bench NAME}
 * builds this module's jar when it is missing or older than the sources and runs {@code BenchCommand} from it; the
 * commands take the {@code engram} command's global options ({@code --home}, {@code --project}) through its
 * {@code GlobalOptions} mixin, and its error handling, help defaults and redacted output
 * ({@code EngramCommand.configure}).
 *
 * <p>Where to start: {@link io.engram.bench.cli.BenchCommand}, which lists the harnesses.
 */
package io.engram.bench.cli;
