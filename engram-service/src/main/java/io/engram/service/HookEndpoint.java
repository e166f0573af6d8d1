package io.engram.service;

import io.engram.fs.ErrorText;
import io.engram.hooks.HookDialect;
import io.engram.hooks.HookEvent;
import io.engram.hooks.HookInput;
import io.engram.hooks.HookRunner;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * Answers hook calls in the service. SessionStart and UserPromptSubmit are answered at once, on the
 * caller's thread, with vectors in the recall (what recall writes back, the use of each memory sent,
 * follows in the project's lane). Stop, PreCompact and SessionEnd are written to the {@link WorkQueue} first, then run in the project's lane ({@link ProjectLanes}); Stop and SessionEnd are
 * answered as soon as the work is queued, PreCompact once the session notes are handed over (at most
 * {@code service.preCompactWaitSeconds}; the compaction must not wait longer), while the extraction goes on.
 */
final class HookEndpoint {
  /** An answer: the HTTP status and the body (the hook's stdout on 200, one line of error otherwise). */
  record Reply(int status, String body) {
    static Reply ok(String stdout) {
      return new Reply(200, stdout);
    }
  }

  /** HTTP status for input the hook refuses (exit 1 with the message). */
  static final int REFUSED = 422;
  /** HTTP status telling the caller to answer the hook itself (no project to work in). */
  static final int ANSWER_YOURSELF = 421;

  private final HookRunners runners;
  private final HookDialect.Places places;
  private final WorkQueue queue;
  private final ProjectLanes lanes;
  private final Consumer<String> log;

  HookEndpoint(HookRunners runners, HookDialect.Places places, WorkQueue queue, ProjectLanes lanes,
      Consumer<String> log) {
    this.runners = runners;
    this.places = places;
    this.queue = queue;
    this.lanes = lanes;
    this.log = log;
  }

  /**
   * Answers {@code eventName} with the hook JSON {@code body} as {@code dialect}'s agent sends it (its event names and
   * fields, its answer's shape); {@code project} overrides the input's cwd.
   */
  Reply answer(String eventName, String body, Optional<Path> project, HookDialect dialect) {
    Optional<HookEvent> event = dialect.event(eventName);
    if (event.isEmpty()) {
      return new Reply(REFUSED, "unknown event '" + eventName + "' (expected " + HookEvent.choices() + ")");
    }
    HookDialect.Call call;
    try {
      call = dialect.call(event.get(), body, places);
      call.input().requireExistingCwd();
    } catch (IllegalArgumentException | IOException e) {
      return new Reply(REFUSED, e.getMessage());
    }
    HookInput input = call.input();
    call.notes().forEach(n -> log.accept(event.get().hookName() + " " + input.sessionId() + ": " + n));
    if (event.get().injectsContext() && !dialect.receivesContext(event.get())) {
      return Reply.ok(dialect.stdout(event.get(), Optional.empty())); // the agent could not take what it found
    }
    Optional<Path> dir = project.or(input::cwd);
    if (dir.isEmpty()) {
      return new Reply(ANSWER_YOURSELF, "the hook input has no cwd and no project was named");
    }
    try {
      if (event.get().injectsContext()) {
        HookRunner.Answer answer = runners.runner(dir.get(), input.sessionId(), afterAnswer(dir.get()))
            .run(event.get(), input);
        answer.log().forEach(l -> log.accept(event.get().hookName() + " " + input.sessionId() + ": " + l));
        return Reply.ok(dialect.stdout(event.get(), answer.additionalContext(), answer.warnings()));
      }
      WorkQueue.Job job = queue.enqueue(event.get(), dir.get().toAbsolutePath().normalize(), call.body());
      CompletableFuture<HookRunner.Answer> answered = run(job);
      String empty = dialect.stdout(event.get(), Optional.empty());
      if (event.get() == HookEvent.PRE_COMPACT) {
        return waitFor(answered, Duration.ofSeconds(runners.settings().service().preCompactWaitSeconds()), job, empty);
      }
      return Reply.ok(empty);
    } catch (IllegalArgumentException e) {
      return new Reply(REFUSED, e.getMessage());
    } catch (IOException e) {
      return new Reply(REFUSED, ErrorText.of(e));
    }
  }

  // The writes a prompt's recall leaves (the use of each memory sent) run in the project's lane after the answer.
  private Executor afterAnswer(Path project) {
    Path lane = project.toAbsolutePath().normalize();
    return task -> lanes.submit(lane, () -> {
      try {
        task.run();
      } catch (RuntimeException e) {
        log.accept("recording recall use in " + lane + " failed: " + e.getMessage());
      }
    });
  }

  /** Puts {@code job} in its project's lane; the future completes when the agent's answer is known. */
  CompletableFuture<HookRunner.Answer> run(WorkQueue.Job job) {
    CompletableFuture<HookRunner.Answer> answered = new CompletableFuture<>();
    lanes.submit(job.project(), () -> work(job, answered));
    return answered;
  }

  private void work(WorkQueue.Job job, CompletableFuture<HookRunner.Answer> answered) {
    String what = job.event().hookName() + " " + job.id();
    try {
      HookInput input = HookInput.parse(job.input());
      HookRunner.Answer answer = runners.runner(job.project(), input.sessionId(), Runnable::run).run(job.event(), input,
          answered::complete);
      answer.log().forEach(l -> log.accept(what + ": " + l));
      queue.done(job);
    } catch (IOException | RuntimeException e) {
      answered.completeExceptionally(e);
      log.accept(what + ": failed, moved to queue/failed: " + e);
      try {
        queue.failed(job, String.valueOf(e));
      } catch (IOException moveFailed) {
        log.accept(what + ": could not be moved aside: " + moveFailed.getMessage());
      }
    }
  }

  private Reply waitFor(CompletableFuture<HookRunner.Answer> answered, Duration wait, WorkQueue.Job job,
      String empty) {
    try {
      answered.get(wait.toMillis(), TimeUnit.MILLISECONDS);
      return Reply.ok(empty);
    } catch (TimeoutException e) {
      log.accept("PreCompact " + job.id() + ": notes not ready after " + wait.toSeconds() + " s; answered so the"
          + " compaction is not held up, the work goes on");
      return Reply.ok(empty);
    } catch (ExecutionException e) {
      return new Reply(REFUSED, "PreCompact failed: " + ErrorText.of(e.getCause()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Reply.ok(empty);
    }
  }
}
