//! Named check records: every proof obligation or published number a run
//! decides is one `Check`, so reports and certificates list them uniformly.

use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Check {
    pub name: String,
    pub pass: bool,
    pub detail: String,
}

impl Check {
    pub fn new(name: impl Into<String>, pass: bool, detail: impl Into<String>) -> Self {
        Check {
            name: name.into(),
            pass,
            detail: detail.into(),
        }
    }

    /// A check that a computed value equals the value a source publishes.
    pub fn expect_eq<T: PartialEq + std::fmt::Debug>(
        name: impl Into<String>,
        computed: T,
        published: T,
    ) -> Self {
        let pass = computed == published;
        let detail = if pass {
            format!("{computed:?}")
        } else {
            format!("computed {computed:?}, published {published:?}")
        };
        Check::new(name, pass, detail)
    }
}

/// Number of failed checks in a list.
pub fn failures(checks: &[Check]) -> usize {
    checks.iter().filter(|check| !check.pass).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expect_eq_reports_both_values_on_mismatch() {
        let check = Check::expect_eq("lines", 721, 722);
        assert!(!check.pass);
        assert_eq!(check.detail, "computed 721, published 722");
        let check = Check::expect_eq("lines", 722, 722);
        assert!(check.pass);
        assert_eq!(check.detail, "722");
        assert_eq!(failures(&[check, Check::new("x", false, "")]), 1);
    }
}
