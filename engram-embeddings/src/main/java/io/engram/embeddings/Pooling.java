package io.engram.embeddings;

/** How a BERT model's per-token output vectors become one sentence vector. */
public enum Pooling {
  /** The mean of the token vectors the attention mask keeps (sentence-transformers' default). */
  MEAN,
  /** The vector of the leading {@code [CLS]} token. */
  CLS
}
