package io.engram.model;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Runs an engine's job with the configured model when there is one and it may be used, else with the
 * engine's offline algorithm, and says which ran and why.
 *
 * <p>Offline is a first-class engine: with no model configured, {@link #run} calls the offline path
 * directly and reports no fallback. With a model, the model path runs under the {@link CostGovernor};
 * any failure of it (API error, time-out, unusable answer, a background cap reached, an unreadable
 * ledger) makes the offline path run instead, with the reason in {@link Answered#fallbackReason()}.
 * A failure of the offline path itself propagates: it is a bug, not a condition.
 */
public final class ModelRouter {
  /** The engine id reported for offline answers. */
  public static final String OFFLINE_ID = "offline";

  private final Optional<LanguageModel> model;
  private final Optional<String> unavailable;
  private final Optional<CostGovernor> governor;
  private final String sessionId;

  private ModelRouter(
      Optional<LanguageModel> model, Optional<String> unavailable, Optional<CostGovernor> governor, String sessionId) {
    this.model = model;
    this.unavailable = unavailable;
    this.governor = governor;
    this.sessionId = Objects.requireNonNull(sessionId, "sessionId");
  }

  /** A router for the offline engine by choice: every job runs offline and reports no fallback. */
  public static ModelRouter offline() {
    return new ModelRouter(Optional.empty(), Optional.empty(), Optional.empty(), "none");
  }

  /** A router for a model that was asked for but cannot be used; every job runs offline and says why. */
  public static ModelRouter unavailable(String reason) {
    return new ModelRouter(Optional.empty(), Optional.of(reason), Optional.empty(), "none");
  }

  /** A router that uses {@code model}, governed by {@code governor}, for session {@code sessionId}. */
  public static ModelRouter of(LanguageModel model, CostGovernor governor, String sessionId) {
    return new ModelRouter(Optional.of(model), Optional.empty(), Optional.of(governor), sessionId);
  }

  /** This router for another session (the ledger and caps are shared). */
  public ModelRouter forSession(String otherSessionId) {
    return new ModelRouter(model, unavailable, governor, otherSessionId);
  }

  /** True when jobs may use a model. */
  public boolean hasModel() {
    return model.isPresent();
  }

  /** The model's {@code provider:model} id, or {@value #OFFLINE_ID}. */
  public String engineId() {
    return model.map(LanguageModel::id).orElse(OFFLINE_ID);
  }

  /** Why a configured model cannot be used, when that is the case. */
  public Optional<String> unavailableReason() {
    return unavailable;
  }

  /** The session whose usage this router books. */
  public String sessionId() {
    return sessionId;
  }

  /**
   * Runs one job.
   *
   * @param purpose what the job is, for the ledger
   * @param background true for work the user did not ask for in the foreground; it is capped
   * @param withModel the model path; it may call the model any number of times
   * @param offline the offline path; it must not fail on any input the model path accepts
   */
  public <T> Answered<T> run(
      Purpose purpose, boolean background, Function<LanguageModel, T> withModel, Supplier<T> offline) {
    if (model.isEmpty()) {
      return offlineAnswer(offline, unavailable, TokenUsage.ZERO);
    }
    CostGovernor gov = governor.orElseThrow();
    MeteredModel metered = new MeteredModel(model.get(), gov, sessionId, purpose, background);
    try {
      T value = withModel.apply(metered);
      if (value == null) {
        return offlineAnswer(offline, Optional.of("the model path returned nothing"), metered.spent());
      }
      return new Answered<>(value, Engine.MODEL, metered.id(), Optional.empty(), metered.spent());
    } catch (ModelException e) {
      return offlineAnswer(offline, Optional.of(describe(e)), metered.spent());
    } catch (java.util.concurrent.CancellationException e) {
      throw e; // the caller stopped the work: no reason to try offline
    } catch (RuntimeException e) {
      return offlineAnswer(
          offline, Optional.of("model path failed: " + e.getClass().getSimpleName() + ": " + e.getMessage()),
          metered.spent());
    }
  }

  private static <T> Answered<T> offlineAnswer(Supplier<T> offline, Optional<String> reason, TokenUsage spent) {
    return new Answered<>(Objects.requireNonNull(offline.get(), "offline path returned null"),
        Engine.OFFLINE, OFFLINE_ID, reason, spent);
  }

  private static String describe(ModelException e) {
    String kind =
        switch (e.kind()) {
          case BUDGET_EXHAUSTED -> "budget";
          case TIMEOUT -> "time-out";
          case BAD_ANSWER -> "unusable answer";
          default -> "model error (" + e.kind().name().toLowerCase() + ")";
        };
    return kind + ": " + e.getMessage();
  }
}
