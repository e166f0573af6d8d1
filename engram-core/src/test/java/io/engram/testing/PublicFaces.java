package io.engram.testing;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The rule every module's architecture test applies to its packages' public faces: a public member of a public type
 * names only public types of the module in its signature (field type, parameters, return type, exceptions), so what a
 * package exports can be used from outside it. A package-private type behind a public method is a face that leaks.
 */
public final class PublicFaces {
  private PublicFaces() {}

  /** Fails, naming each member, when a public member of the module that holds {@code member} names a hidden type. */
  public static void assertWholeInModuleOf(Class<?> member) {
    assertWhole(PackageCycles.mainClassesBeside(member));
  }

  /** Fails, naming each member, when a public member of a public type of {@code classes} names a hidden one. */
  public static void assertWhole(JavaClasses classes) {
    ArchCondition<JavaClass> exposeOnlyPublicTypes = new ArchCondition<>(
        "name only public Engram types in the signatures of their public members") {
      @Override
      public void check(JavaClass c, ConditionEvents events) {
        if (!effectivelyPublic(c)) {
          return;
        }
        for (JavaMember m : c.getMembers()) {
          if (!m.getModifiers().contains(JavaModifier.PUBLIC) && !m.getModifiers().contains(JavaModifier.PROTECTED)) {
            continue;
          }
          Set<JavaClass> named = new LinkedHashSet<>();
          if (m instanceof JavaField f) {
            named.addAll(f.getType().getAllInvolvedRawTypes());
          } else if (m instanceof JavaCodeUnit u) {
            named.addAll(u.getReturnType().getAllInvolvedRawTypes());
            u.getParameterTypes().forEach(t -> named.addAll(t.getAllInvolvedRawTypes()));
            u.getThrowsClause().getTypes().forEach(named::add);
          }
          named.stream().filter(t -> classes.contain(t.getName()) && !effectivelyPublic(t)).forEach(t ->
              events.add(SimpleConditionEvent.violated(m, m.getFullName() + " names the non-public " + t.getName())));
        }
      }
    };
    classes().should(exposeOnlyPublicTypes).check(classes);
  }

  /** Public, and so is every class it is nested in. */
  public static boolean effectivelyPublic(JavaClass c) {
    for (Optional<JavaClass> at = Optional.of(c); at.isPresent(); at = at.get().getEnclosingClass()) {
      if (!at.get().getModifiers().contains(JavaModifier.PUBLIC)) {
        return false;
      }
    }
    return true;
  }
}
