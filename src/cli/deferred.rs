//! Subcommand arguments that clap defines only when their subcommand runs.
//!
//! clap's derive builds every argument of every subcommand before it parses
//! anything: about 0.2 ms of each process here, and 21 of the page faults of
//! a `snaky check` (about 2% of its time). A variant holding
//! `Deferred<Args>` keeps its name and about line (so the top-level help is
//! unchanged) and leaves its arguments to [`clap::Command::defer`].

use clap::{ArgMatches, Args, Command, Error, FromArgMatches, Id};

/// `T`'s arguments, added to its subcommand when clap enters it.
#[derive(Debug)]
pub struct Deferred<T>(pub T);

impl<T: FromArgMatches> FromArgMatches for Deferred<T> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, Error> {
        T::from_arg_matches(matches).map(Deferred)
    }

    fn from_arg_matches_mut(matches: &mut ArgMatches) -> Result<Self, Error> {
        T::from_arg_matches_mut(matches).map(Deferred)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), Error> {
        self.0.update_from_arg_matches(matches)
    }

    fn update_from_arg_matches_mut(&mut self, matches: &mut ArgMatches) -> Result<(), Error> {
        self.0.update_from_arg_matches_mut(matches)
    }
}

impl<T: Args> Args for Deferred<T> {
    fn group_id() -> Option<Id> {
        T::group_id()
    }

    fn augment_args(command: Command) -> Command {
        command.defer(keeping_about::<T, false>)
    }

    fn augment_args_for_update(command: Command) -> Command {
        command.defer(keeping_about::<T, true>)
    }
}

/// `T`'s arguments added to `command`, whose about texts (set by the derive
/// from the variant's doc comment before this runs) are kept: a flattened
/// struct's doc comment would otherwise replace them.
fn keeping_about<T: Args, const FOR_UPDATE: bool>(command: Command) -> Command {
    let about = command.get_about().cloned();
    let long_about = command.get_long_about().cloned();
    let command = if FOR_UPDATE {
        T::augment_args_for_update(command)
    } else {
        T::augment_args(command)
    };
    let command = match about {
        Some(about) => command.about(about),
        None => command.about(None),
    };
    match long_about {
        Some(long_about) => command.long_about(long_about),
        None => command.long_about(None),
    }
}
