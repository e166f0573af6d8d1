package io.engram.testing;

import io.engram.model.ChatMessage;
import io.engram.model.LanguageModel;
import io.engram.model.ModelException;
import io.engram.model.ModelRequest;
import io.engram.model.ModelResponse;
import io.engram.model.TokenUsage;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The language model of every test: answers from a script and records every request it received.
 *
 * <p>Steps queued with {@link #answers}, {@link #fails} and their variants are played in order, one per
 * request. Rules added with {@link #answersWhen} or {@link #failsWhen} answer every request their matcher
 * accepts, before the queue is consulted, for tests where the order of calls is not fixed. A request
 * that neither a rule nor the queue can answer fails the test with an {@link AssertionError}, never with
 * a made-up answer. Thread-safe.
 *
 * <p>Other modules' tests get this class from engram-core's test-jar.
 */
public final class ScriptedModel implements LanguageModel {
  /** The id a model gets unless the test names it. */
  public static final String DEFAULT_ID = "scripted:test";
  /** What an answer costs unless the test says otherwise. */
  public static final TokenUsage DEFAULT_USAGE = new TokenUsage(100, 10, 0, 0);

  /** One scripted reaction to a request. */
  private sealed interface Step permits Answer, Failure {}

  private record Answer(String text, TokenUsage usage, String stopReason) implements Step {}

  private record Failure(ModelException error) implements Step {}

  private record Rule(Predicate<ModelRequest> matcher, Step step) {}

  private final String id;
  private final Deque<Step> queue = new ArrayDeque<>();
  private final List<Rule> rules = new ArrayList<>();
  private final List<ModelRequest> requests = new ArrayList<>();
  private volatile CountDownLatch release = new CountDownLatch(0);

  /** A model with the id {@value #DEFAULT_ID} and nothing scripted yet. */
  public ScriptedModel() {
    this(DEFAULT_ID);
  }

  private ScriptedModel(String id) {
    this.id = Objects.requireNonNull(id, "id");
  }

  /** A model that reports {@code id} (as {@code provider:model}) and has nothing scripted yet. */
  public static ScriptedModel withId(String id) {
    return new ScriptedModel(id);
  }

  /** Queues one answer per text, each costing {@link #DEFAULT_USAGE} and ending the turn. */
  public synchronized ScriptedModel answers(String... texts) {
    for (String text : texts) {
      queue.add(new Answer(Objects.requireNonNull(text, "text"), DEFAULT_USAGE, "end_turn"));
    }
    return this;
  }

  /** Queues an answer that reports {@code usage}. */
  public synchronized ScriptedModel answers(String text, TokenUsage usage) {
    queue.add(new Answer(Objects.requireNonNull(text, "text"), Objects.requireNonNull(usage, "usage"), "end_turn"));
    return this;
  }

  /** Queues an answer cut off by the token limit (stop reason {@code max_tokens}). */
  public synchronized ScriptedModel answersCutOff(String text) {
    queue.add(new Answer(Objects.requireNonNull(text, "text"), DEFAULT_USAGE, "max_tokens"));
    return this;
  }

  /** Queues a failure: the next request throws {@code error}. */
  public synchronized ScriptedModel fails(ModelException error) {
    queue.add(new Failure(Objects.requireNonNull(error, "error")));
    return this;
  }

  /** Queues a failure of {@code kind} with {@code message}. */
  public ScriptedModel fails(ModelException.Kind kind, String message) {
    return fails(new ModelException(kind, message));
  }

  /** Queues the failure an adapter reports when the model gives no answer within its time-out. */
  public ScriptedModel timesOut() {
    return fails(ModelException.Kind.TIMEOUT, "no answer within 60s");
  }

  /**
   * Queues the failure an adapter reports for an HTTP error status after its retries: 401 and 403 are
   * {@code AUTHENTICATION}, 408 {@code TIMEOUT}, 429 {@code RATE_LIMITED}, 5xx {@code SERVER}, any other
   * status {@code INVALID_REQUEST}.
   */
  public ScriptedModel failsWithHttpStatus(int status, String errorMessage) {
    if (status < 400 || status > 599) {
      throw new IllegalArgumentException("an HTTP error status is 400..599, was " + status);
    }
    ModelException.Kind kind =
        switch (status) {
          case 401, 403 -> ModelException.Kind.AUTHENTICATION;
          case 408 -> ModelException.Kind.TIMEOUT;
          case 429 -> ModelException.Kind.RATE_LIMITED;
          default -> status >= 500 ? ModelException.Kind.SERVER : ModelException.Kind.INVALID_REQUEST;
        };
    return fails(kind, "HTTP " + status + ": " + errorMessage);
  }

  /** Answers {@code text} to every request {@code matcher} accepts, however many there are. */
  public synchronized ScriptedModel answersWhen(Predicate<ModelRequest> matcher, String text) {
    rules.add(new Rule(Objects.requireNonNull(matcher, "matcher"), new Answer(text, DEFAULT_USAGE, "end_turn")));
    return this;
  }

  /** Throws {@code error} for every request {@code matcher} accepts. */
  public synchronized ScriptedModel failsWhen(Predicate<ModelRequest> matcher, ModelException error) {
    rules.add(new Rule(Objects.requireNonNull(matcher, "matcher"), new Failure(Objects.requireNonNull(error))));
    return this;
  }

  /** A matcher for requests whose system text or any message contains {@code fragment}. */
  public static Predicate<ModelRequest> asking(String fragment) {
    return request -> textOf(request).contains(fragment);
  }

  /**
   * Holds every request, once it is recorded, until {@code release} opens (at most a minute), as a slow model
   * would: for tests that a caller does not wait for the model. Other calls on this model are not held up.
   */
  public ScriptedModel holdsUntil(CountDownLatch release) {
    this.release = Objects.requireNonNull(release, "release");
    return this;
  }

  @Override
  public ModelResponse complete(ModelRequest request) {
    if (release.getCount() == 0) {
      return answer(request, true); // recorded and answered at once, so calls on many threads pair up in order
    }
    synchronized (this) {
      requests.add(request);
    }
    try {
      if (!release.await(1, TimeUnit.MINUTES)) {
        throw new AssertionError("the model was held for a minute and never released");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ModelException(ModelException.Kind.TIMEOUT, "interrupted while held");
    }
    return answer(request, false);
  }

  private synchronized ModelResponse answer(ModelRequest request, boolean record) {
    if (record) {
      requests.add(request);
    }
    Step step = rules.stream()
        .filter(rule -> rule.matcher().test(request))
        .map(Rule::step)
        .findFirst()
        .or(() -> Optional.ofNullable(queue.poll()))
        .orElseThrow(() -> new AssertionError("model called more often than scripted: request "
            + requests.size() + " asked " + abbreviate(textOf(request))));
    if (step instanceof Failure failure) {
      throw failure.error();
    }
    Answer answer = (Answer) step;
    return new ModelResponse(answer.text(), answer.usage(), id, answer.stopReason());
  }

  @Override
  public String id() {
    return id;
  }

  /** Every request received so far, in order. */
  public synchronized List<ModelRequest> requests() {
    return List.copyOf(requests);
  }

  /** The {@code index}-th request received (from 0). */
  public synchronized ModelRequest request(int index) {
    if (index >= requests.size()) {
      throw new AssertionError("the model received " + requests.size() + " request(s), not " + (index + 1));
    }
    return requests.get(index);
  }

  /**
   * Everything sent to the model so far, system texts and messages of every request joined by
   * newlines: what a test searches to show that something (a secret, a file's text) never reached it.
   */
  public synchronized String sentText() {
    return requests.stream().map(ScriptedModel::textOf).collect(Collectors.joining("\n"));
  }

  /** How many queued steps no request has used yet. */
  public synchronized int unused() {
    return queue.size();
  }

  private static String textOf(ModelRequest request) {
    return Stream.concat(Stream.of(request.system()), request.messages().stream().map(ChatMessage::text))
        .collect(Collectors.joining("\n"));
  }

  private static String abbreviate(String text) {
    String flat = text.replaceAll("\\s+", " ").strip();
    return flat.length() <= 160 ? "\"" + flat + "\"" : "\"" + flat.substring(0, 160) + "...\"";
  }
}
