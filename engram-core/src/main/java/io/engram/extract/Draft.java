package io.engram.extract;

/**
 * What one rule read from one sentence, before provenance, naming against the store and caps.
 *
 * @param key the words that identify the knowledge (used for the name and for similarity)
 */
record Draft(CandidateType type, String name, String description, String body, String key, double confidence) {}
