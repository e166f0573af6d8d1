package io.engram.memory;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DescriptionAndBodyTest {

  @Test
  void aDescriptionThatIsTheBodysFirstLineIsSaidOnce() {
    String body = "Use pnpm, never npm, in the web app.\nThe lockfile is pnpm-lock.yaml.";
    assertThat(DescriptionAndBody.join("Use pnpm, never npm, in the web app.", body)).isEqualTo(body);
  }

  @Test
  void aCutDescriptionWithAnEllipsisStillMatchesTheBody() {
    String body = "金额字段一律用 BigDecimal，禁止 double；数据库里用 DECIMAL(19,4)。历史表里的 float 字段迁移时一起改掉。";
    assertThat(DescriptionAndBody.join("金额字段一律用 BigDecimal，禁止 double…", body)).isEqualTo(body);
    assertThat(DescriptionAndBody.join("Money is BigDecimal...", "**Money is  BigDecimal**, never double."))
        .isEqualTo("**Money is  BigDecimal**, never double.");
  }

  @Test
  void aBodyTheDescriptionHoldsIsLeftOut() {
    assertThat(DescriptionAndBody.join("Run mvn -o offline builds only", "run mvn -o offline builds only\n"))
        .isEqualTo("run mvn -o offline builds only\n");
    assertThat(DescriptionAndBody.join("The staging database is db2 on port 5433", "db2 on port 5433"))
        .isEqualTo("The staging database is db2 on port 5433");
  }

  @Test
  void aDescriptionThatSaysSomethingElseComesFirst() {
    assertThat(DescriptionAndBody.join("When touching payments", "Amounts are BigDecimal."))
        .isEqualTo("When touching payments\n\nAmounts are BigDecimal.");
  }

  @Test
  void aBlankDescriptionLeavesTheBody() {
    assertThat(DescriptionAndBody.join(" ", "Body.")).isEqualTo("Body.");
  }
}
