package io.engram.model;

/** What an engine asks a model for; the usage ledger keeps its totals per purpose. */
public enum Purpose {
  COMPACTION,
  SESSION_NOTES,
  EXTRACTION,
  RECALL_RERANK,
  DREAM,
  INIT,
  /** Anything else, for example a user's explicit question. */
  OTHER
}
