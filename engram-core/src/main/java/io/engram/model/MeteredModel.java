package io.engram.model;

/**
 * Wraps the configured model for one routed job: refuses background calls once a cap is reached and
 * books every answer's usage in the ledger and in the job's running total.
 */
final class MeteredModel implements LanguageModel {
  private final LanguageModel delegate;
  private final CostGovernor governor;
  private final String sessionId;
  private final Purpose purpose;
  private final boolean background;
  private TokenUsage spent = TokenUsage.ZERO;

  MeteredModel(LanguageModel delegate, CostGovernor governor, String sessionId, Purpose purpose, boolean background) {
    this.delegate = delegate;
    this.governor = governor;
    this.sessionId = sessionId;
    this.purpose = purpose;
    this.background = background;
  }

  @Override
  public ModelResponse complete(ModelRequest request) {
    if (background) {
      governor
          .backgroundRefusal(sessionId)
          .ifPresent(
              reason -> {
                throw new ModelException(ModelException.Kind.BUDGET_EXHAUSTED, reason);
              });
    }
    ModelResponse response = delegate.complete(request);
    synchronized (this) {
      spent = spent.plus(response.usage());
    }
    governor.record(sessionId, purpose, background, response.usage());
    return response;
  }

  @Override
  public String id() {
    return delegate.id();
  }

  synchronized TokenUsage spent() {
    return spent;
  }
}
