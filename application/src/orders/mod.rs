//! Orders: a customer places one (cash on delivery, priced by the server from the database), follows it
//! in My Orders, and the admin moves it through its statuses, each change e-mailed to the customer, and hands
//! approved orders to a courier.

pub mod change_status;
pub mod cod_ports;
pub mod confirm;
pub mod consignments;
pub mod correct_address;
pub mod courier;
pub mod list_orders;
pub mod mail;
pub mod model;
pub mod place_order;
pub mod ports;
pub mod related;
pub mod risk;
pub mod service;
#[cfg(test)]
mod testing;
pub mod whatsapp;
pub mod whatsapp_messages;
pub mod whatsapp_ports;
