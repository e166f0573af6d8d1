package io.engram.extract;

import io.engram.config.ExtractionSettings;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Who the user is: role, background, what they know and do not know. */
final class UserProfile {
  private static final String ROLE =
      "(?:engineer|developer|dev|scientist|analyst|designer|manager|student|researcher|architect|admin|"
          + "administrator|sre|devops|lead|beginner|newbie|novice|consultant|founder|cto|intern|programmer|"
          + "maintainer|pm|tester|qa|freelancer|teacher|professor|hobbyist)";
  private static final List<Pattern> PATTERNS =
      List.of(
          Pattern.compile("(?i)\\bI(?:'m| am)\\s+(?:a|an)\\s+((?:[\\w+#.-]+\\s+){0,3}?" + ROLE + "s?)\\b"),
          Pattern.compile(
              "(?i)\\bI(?:'m| am)\\s+((?:(?:pretty|quite|very|fairly|completely|totally)\\s+)?"
                  + "(?:new to|not (?:very )?familiar with|unfamiliar with|a beginner (?:in|at|with)|"
                  + "an expert (?:in|on|at)|experienced (?:in|with)|comfortable with|learning)\\s+[\\w+#.-]+)"),
          Pattern.compile("(?i)\\bI(?:'ve| have) been ((?:writing|using|working with|doing|coding in)\\s+[\\w+#.-]+\\s+for\\s+[\\w ]{1,20})"),
          Pattern.compile("(?i)\\bI (?:mostly|mainly|usually|only) ((?:write|work (?:in|with|on)|code in|program in)\\s+[\\w+#.-]+)"),
          Pattern.compile("(?i)\\bmy background is (?:in\\s+)?([\\w+#. -]{2,40})"),
          Pattern.compile("(?i)\\bI work (?:as|in) (?:an? )?([\\w+#. -]{2,40})"),
          Pattern.compile(
              "我是(?!说|不是|在|想|要|问)(?:一名|一个|个)?\\s*([^，。,.！!？?]{0,12}(?:工程师|开发者?|程序员|学生|新手|"
                  + "产品经理|经理|设计师|分析师|研究员|架构师|运维|小白|初学者|实习生|前端|后端|全栈|测试))"),
          Pattern.compile("我是做\\s*([^，。,.的]{1,12})\\s*的"),
          Pattern.compile("我对\\s*([^，。,.]{1,12}?)\\s*(?:不太熟|不熟|不了解|不太了解|很熟|比较熟|熟悉|很了解)"),
          Pattern.compile("我(?:刚|才)(?:开始)?学\\s*([^，。,.]{1,10})"),
          Pattern.compile("我(?:主要|一般|平时)(?:写|用|做)\\s*([^，。,.]{1,12})"));

  private UserProfile() {}

  static Optional<Draft> read(String sentence, ExtractionSettings.Offline limits) {
    for (Pattern p : PATTERNS) {
      Matcher m = p.matcher(sentence);
      if (m.find()) {
        String who = m.group(1).strip();
        return Optional.of(
            new Draft(
                CandidateType.USER,
                Terms.slug("user", who, 4),
                "Who the user is (background to tailor explanations): "
                    + Terms.clip(m.group().strip(), limits.namedChars()),
                "The user said: \"" + Terms.clip(sentence, limits.quoteChars()) + '"',
                who,
                RuleConfidence.SAID));
      }
    }
    return Optional.empty();
  }
}
