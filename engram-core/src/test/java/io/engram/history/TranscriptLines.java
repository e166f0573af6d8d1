package io.engram.history;

/** Claude Code transcript lines for the history's tests: a prompt, or the agent's words. */
final class TranscriptLines {
  private TranscriptLines() {}

  /** A prompt the person typed, as one JSONL line. */
  static String user(String session, String uuid, String time, String text) {
    return "{\"type\":\"user\",\"sessionId\":\"" + session + "\",\"uuid\":\"" + uuid + "\",\"timestamp\":\"" + time
        + "\",\"message\":{\"role\":\"user\",\"content\":\"" + text + "\"}}\n";
  }

  /** The agent's words, as one JSONL line. */
  static String agent(String session, String uuid, String time, String text) {
    return "{\"type\":\"assistant\",\"sessionId\":\"" + session + "\",\"uuid\":\"" + uuid + "\",\"timestamp\":\""
        + time + "\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"" + text
        + "\"}]}}\n";
  }
}
