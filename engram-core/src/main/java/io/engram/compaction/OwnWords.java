package io.engram.compaction;

import io.engram.transcript.MessageClassifier;
import io.engram.transcript.UserRequest;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What the person said in a request, read once for the score and the summary's key information: the lines they wrote
 * themselves. The transcript's reader already tells the person's messages from the harness's ({@link
 * io.engram.transcript.MessageKind}); inside a typed message this takes out what they pasted ({@link PastedLines}: a
 * log, a stack trace, test output, a code frame, JSON, a plug-in's XML), and reads a short answer with the question it
 * answers but not the word the rendering adds ({@link UserRequest#stated}'s "answering", which no summary repeats).
 *
 * <p>A long message that tells the agent who it is ("You're Polsia. One entity, one voice...", "You are a Claude-Mem,
 * a specialized observer tool...") is a platform's or a plug-in's prompt sent in the person's place, the same in every
 * session of the tool: none of its lines is the person's. A person's own words to the agent are short by the side of
 * it, and a persona they write for a one-off task says it in a line or two. A plan accepted in plan mode ("Implement
 * the following plan:") is the agent's document handed over, code blocks and all: it is read whole.
 */
final class OwnWords {
  // A line that gives the agent its identity: "You are a Claude-Mem, ...", "You're Polsia.", "## You Are Engineering".
  private static final Pattern IDENTITY =
      Pattern.compile("(?m)^[ \\t]*+(?:#{1,6}[ \\t]*+)?You(?:'re|’re| are| Are) (?:(?:a|an|A|An) )?\\p{Lu}");

  private OwnWords() {}

  /** The person's own words of {@code request}, with the question a short answer answers; "" when none. */
  static String of(UserRequest request) {
    String own = of(request.text());
    if (own.isEmpty()) {
      return "";
    }
    return request.answers().map(q -> own + "\n" + q).orElse(own);
  }

  /**
   * The person's own lines of a typed message: "" for a platform's prompt; a plan accepted in plan mode whole (the
   * agent's document, its code blocks its own, read as a handed-over document is); else without what they pasted.
   */
  static String of(String typed) {
    if (MessageClassifier.handsOverAPlan(typed)) {
      return typed;
    }
    return platformPrompt(typed) ? "" : PastedLines.own(typed);
  }

  /** Each of {@code requests} by the person's own words, in order, none left out ("" where they wrote nothing). */
  static List<String> of(List<UserRequest> requests) {
    return requests.stream().map(OwnWords::of).toList();
  }

  /**
   * Whether {@code typed} is a platform's or a plug-in's prompt: longer than a person's ask ({@value
   * LastStretch#HANDED_OVER_CHARS} characters) and opening a line by telling the agent who it is.
   */
  static boolean platformPrompt(String typed) {
    return typed.length() > LastStretch.HANDED_OVER_CHARS && IDENTITY.matcher(typed).find();
  }
}
