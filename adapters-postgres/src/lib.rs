//! PostgreSQL behind the application's ports: the diesel schema, migrations embedded from `/migrations`,
//! an r2d2 connection pool and one repository per port. Diesel is synchronous, so every unit of work runs
//! in one blocking task with its transaction inside, off the async workers; [`PgUnitOfWork`] runs the
//! writes of several repositories in one such transaction.

mod addresses;
mod admins;
mod analytics;
mod blocklist;
mod catalog;
mod cod;
mod coupons;
mod courier;
mod customers;
mod dashboard;
mod devices;
mod error;
mod health;
mod mailing_list;
mod metrics;
mod orders;
mod outbox;
mod pool;
mod prepared;
mod reviews;
mod risk_rules;
mod schema;
mod sessions;
mod settings;
mod stored_risk;
#[cfg(feature = "test-support")]
pub mod test_support;
mod throttle;
mod unit_of_work;
mod whatsapp;

pub use addresses::PgAddressBook;
pub use admins::PgAdminRepository;
pub use analytics::PgOrderFigures;
pub use blocklist::PgBlocklistRepository;
pub use catalog::PgCatalogRepository;
pub use coupons::PgCouponRepository;
pub use courier::PgCourierRepository;
pub use customers::PgCustomerRepository;
pub use devices::PgKnownDevices;
pub use health::PgHealthProbe;
pub use mailing_list::PgMailingList;
pub use metrics::PgMetrics;
pub use orders::PgOrderRepository;
pub use outbox::PgMailOutbox;
pub use pool::{connect, create_database_if_missing, run_migrations, PgPool, PoolError, SCHEMA_LOCK};
pub use reviews::PgReviewRepository;
pub use sessions::PgSessionStore;
pub use settings::PgSettingsRepository;
pub use throttle::PgThrottle;
pub use unit_of_work::PgUnitOfWork;
pub use whatsapp::PgWhatsApp;
