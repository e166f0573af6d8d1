package io.engram.compaction;

import java.util.List;
import java.util.Locale;

/**
 * The instruction a model gets to write a compaction summary: the nine sections in
 * their order, what each must hold, and the rules that keep user messages word for word.
 *
 * <p>Its shape is Claude Code's compaction prompt's: first a private analysis in {@code <analysis>} tags, then a
 * {@code <summary>} with the nine numbered sections of {@link SummarySection}, an example of the
 * layout, and the user's own instructions (for example from {@code /compact focus on X}) appended
 * under "Additional Instructions". The {@link #degraded degraded} variant is what the degradation
 * ladder sends after a summary scored in the retry band: it asks for more of the key information and
 * less compression, and quotes the advice derived from the failed score.
 */
final class CompactionPrompt {

  private CompactionPrompt() {}

  /** The standard prompt, with {@code customInstructions} appended when not blank. */
  public static String standard(String customInstructions) {
    return withInstructions(base(), customInstructions);
  }

  /**
   * The prompt for a re-compaction after {@code failed} fell short: the standard prompt plus a
   * section naming the score, asking to keep key information verbatim and compress less, and listing
   * {@link CompactionScore#advice()}; {@code customInstructions} still come last.
   */
  public static String degraded(String customInstructions, CompactionScore failed) {
    StringBuilder retry = new StringBuilder(base());
    retry.append(
        String.format(
            Locale.ROOT,
            "%nA previous summary of this conversation scored %.1f out of 100 on the quality check "
                + "(sections %.0f, key information %.0f, continuity %.0f, compression %.0f) and was rejected.%n"
                + "Write the summary again. This time key information matters more than brevity:%n"
                + "- keep every file name, error message, user instruction and technical identifier "
                + "exactly as written in the conversation;%n"
                + "- compress less: a longer summary is acceptable if it keeps these details;%n"
                + "- make sure all nine sections are present, each under its numbered heading.%n",
            failed.total(), failed.sections(), failed.keyInformation(), failed.continuity(),
            failed.compression()));
    List<String> advice = failed.advice();
    if (!advice.isEmpty()) {
      retry.append("\nAdvice from the quality check:\n");
      advice.forEach(a -> retry.append("- ").append(a).append('\n'));
    }
    return withInstructions(retry.toString(), customInstructions);
  }

  private static String withInstructions(String prompt, String customInstructions) {
    if (customInstructions == null || customInstructions.isBlank()) {
      return prompt;
    }
    return prompt + "\n\nAdditional Instructions:\n" + customInstructions.strip() + "\n";
  }

  private static String base() {
    return """
        Your task is to write a detailed summary of the conversation so far. Pay close attention to \
        what the user explicitly asked for and to what you did in response. The summary replaces the \
        conversation: it must carry every technical detail, code pattern and architectural decision \
        needed to continue the work without losing context.

        Before the summary, think it through inside <analysis> tags, so that nothing is missed:

        1. Go through the conversation in order. For each part, note:
           - what the user explicitly asked for and intended;
           - how you approached it;
           - key decisions, technical concepts and code patterns;
           - concrete details: file names, full code snippets, function signatures, file edits;
           - errors you ran into and how you fixed them;
           - feedback from the user, above all any time the user told you to do something differently.
        2. Check the result for technical accuracy and completeness.

        The summary must contain these sections, numbered and in this order:

        1. Primary Request and Intent: every explicit request and intent of the user, in detail.
        2. Key Technical Concepts: the important technical concepts, technologies and frameworks discussed.
        3. Files and Code Sections: the files and code sections examined, changed or created, with why \
        each matters; give most attention to the latest messages and include full code snippets where \
        they help.
        4. Errors and fixes: each error you ran into and how you fixed it, with the user's feedback on it.
        5. Problem Solving: problems solved and troubleshooting still in progress.
        6. All user messages: every user message that is not a tool result, word for word. They show \
        the user's feedback and how the intent changed.
        7. Pending Tasks: tasks you were explicitly asked to do that are not finished.
        8. Current Work: precisely what was being worked on right before this summary request, from the \
        most recent messages of both user and assistant, with file names and code snippets.
        9. Optional Next Step: the next step, only if it follows directly from the user's most recent \
        explicit request and the work in progress. If the last task was finished, name a next step only \
        if the user asked for it; do not start tangential work without asking. If there is a next step, \
        quote the most recent conversation verbatim to show exactly where the work stopped, so the task \
        does not drift.

        Structure your answer like this:

        <example>
        <analysis>
        [Your reasoning, checking that every point above is covered accurately]
        </analysis>

        <summary>
        1. Primary Request and Intent:
           [Detailed description]

        2. Key Technical Concepts:
           - [Concept 1]
           - [...]

        3. Files and Code Sections:
           - [File name 1]
              - [Why this file matters]
              - [Changes made to it, if any]
              - [Important code snippet]
           - [...]

        4. Errors and fixes:
           - [Error 1, described in detail]:
              - [How it was fixed]
              - [User feedback on it, if any]
           - [...]

        5. Problem Solving:
           [Problems solved and troubleshooting in progress]

        6. All user messages:
           - [Each user message that is not a tool result]
           - [...]

        7. Pending Tasks:
           - [Task 1]
           - [...]

        8. Current Work:
           [Precise description of the current work]

        9. Optional Next Step:
           [The next step, if any]
        </summary>
        </example>

        Write the summary of the conversation so far following this structure, precisely and thoroughly.

        The context may hold further instructions for summarising (for example under a heading such as \
        "Compact Instructions" or "Summary instructions"). If so, follow them as well.
        """;
  }
}
