//! The diesel table definitions, written to match `/migrations`. The integration tests exercise every
//! column, so a mismatch fails there.

diesel::table! {
    categories (id) {
        id -> Int8,
        name -> Text,
        parent_id -> Nullable<Int8>,
        views -> Int8,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        name_ur -> Nullable<Text>,
    }
}

diesel::table! {
    products (id) {
        id -> Int8,
        name -> Text,
        category_id -> Int8,
        price_paisa -> Int8,
        sale_price_paisa -> Nullable<Int8>,
        discount_percent -> Int2,
        description -> Text,
        color -> Nullable<Text>,
        quantity -> Int4,
        featured -> Bool,
        free_delivery -> Bool,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        stars_1 -> Int4,
        stars_2 -> Int4,
        stars_3 -> Int4,
        stars_4 -> Int4,
        stars_5 -> Int4,
        /// Generated from the stars: never written.
        review_count -> Int4,
        /// Generated from the stars: never written.
        rating_sum -> Int4,
        name_ur -> Nullable<Text>,
        description_ur -> Nullable<Text>,
    }
}

diesel::table! {
    product_media (id) {
        id -> Int8,
        product_id -> Int8,
        position -> Int4,
        kind -> Text,
        url -> Text,
        width -> Nullable<Int4>,
        variant_widths -> Array<Int4>,
        variant_urls -> Array<Text>,
    }
}

diesel::table! {
    shop_settings (id) {
        id -> Bool,
        delivery_charge_paisa -> Int8,
        updated_at -> Timestamptz,
        confirm_window_hours -> Int4,
        reject_unconfirmed_after_hours -> Int4,
        max_units_per_product -> Int4,
        max_pending_per_account -> Int4,
        max_pending_per_phone -> Int4,
        max_orders_per_day -> Int4,
        delivery_time -> Text,
        whatsapp_number -> Nullable<Text>,
        whatsapp_confirmation_template -> Text,
        whatsapp_update_template -> Text,
        whatsapp_template_language -> Text,
        whatsapp_template_language_ur -> Text,
    }
}

diesel::table! {
    coupons (id) {
        id -> Int8,
        code -> Text,
        discount_percent -> Nullable<Int2>,
        amount_paisa -> Nullable<Int8>,
        start_date -> Date,
        end_date -> Date,
        min_price_paisa -> Int8,
        is_active -> Bool,
        created_at -> Timestamptz,
        max_uses -> Nullable<Int4>,
        max_uses_per_customer -> Nullable<Int4>,
        uses -> Int4,
    }
}

diesel::joinable!(products -> categories (category_id));
diesel::joinable!(product_media -> products (product_id));
diesel::allow_tables_to_appear_in_same_query!(categories, products, product_media, shop_settings, coupons);

diesel::table! {
    admins (id) {
        id -> Int8,
        email -> Text,
        password_hash -> Text,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    known_devices (digest, login) {
        digest -> Text,
        login -> Text,
        expires_at -> Timestamptz,
    }
}

diesel::table! {
    throttles (key) {
        key -> Text,
        count -> Int4,
        since -> Timestamptz,
        blocked_until -> Nullable<Timestamptz>,
        forget_at -> Timestamptz,
    }
}

diesel::table! {
    customers (id) {
        id -> Int8,
        email -> Text,
        name -> Text,
        password_hash -> Nullable<Text>,
        created_at -> Timestamptz,
        unsubscribed_at -> Nullable<Timestamptz>,
        language -> Nullable<Text>,
    }
}

diesel::table! {
    /// Bulk e-mail's unsubscribe links, by their tokens' digests.
    unsubscribe_links (digest) {
        digest -> Text,
        customer_id -> Int8,
        created_at -> Timestamptz,
    }
}

diesel::joinable!(unsubscribe_links -> customers (customer_id));

diesel::table! {
    password_resets (token_hash) {
        token_hash -> Text,
        customer_id -> Int8,
        expires_at -> Timestamptz,
        used_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    customer_identities (issuer, subject) {
        issuer -> Text,
        subject -> Text,
        customer_id -> Int8,
        created_at -> Timestamptz,
    }
}

diesel::joinable!(customer_identities -> customers (customer_id));
diesel::allow_tables_to_appear_in_same_query!(customers, customer_identities, unsubscribe_links);

diesel::table! {
    /// The admin's and customers' sessions: exactly one of `admin_id` and `customer_id` is set.
    sessions (token_hash) {
        token_hash -> Text,
        admin_id -> Nullable<Int8>,
        customer_id -> Nullable<Int8>,
        created_at -> Timestamptz,
        expires_at -> Timestamptz,
    }
}

diesel::table! {
    email_outbox (id) {
        id -> Int8,
        recipient -> Text,
        subject -> Text,
        text_body -> Text,
        html_body -> Text,
        status -> Text,
        attempts -> Int4,
        next_attempt_at -> Timestamptz,
        last_error -> Nullable<Text>,
        created_at -> Timestamptz,
        sent_at -> Nullable<Timestamptz>,
        unsubscribe_url -> Nullable<Text>,
    }
}

diesel::table! {
    orders (id) {
        id -> Int8,
        customer_id -> Int8,
        status -> Text,
        subtotal_paisa -> Int8,
        delivery_charge_paisa -> Int8,
        coupon_discount_paisa -> Int8,
        total_paisa -> Int8,
        coupon_code -> Nullable<Text>,
        coupon_id -> Nullable<Int8>,
        province -> Nullable<Text>,
        city -> Nullable<Text>,
        name -> Text,
        phone1 -> Text,
        phone1_normalized -> Text,
        phone2 -> Nullable<Text>,
        phone2_normalized -> Nullable<Text>,
        email -> Text,
        address -> Text,
        admin_comment -> Nullable<Text>,
        confirm_token_hash -> Nullable<Text>,
        confirmed_at -> Nullable<Timestamptz>,
        risk_score -> Int2,
        risk_reasons -> Jsonb,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        courier -> Nullable<Text>,
        tracking_number -> Nullable<Text>,
        confirmed_via -> Nullable<Text>,
        whatsapp_to -> Nullable<Text>,
        whatsapp_token_hash -> Nullable<Text>,
        risk_score_pending -> Int2,
        language -> Text,
    }
}

diesel::table! {
    whatsapp_messages (id) {
        id -> Int8,
        order_id -> Nullable<Int8>,
        direction -> Text,
        kind -> Text,
        phone -> Text,
        text -> Text,
        template -> Nullable<Text>,
        language -> Nullable<Text>,
        body_parameters -> Nullable<Jsonb>,
        button_payloads -> Nullable<Jsonb>,
        state -> Text,
        meta_id -> Nullable<Text>,
        error -> Nullable<Text>,
        attempts -> Int4,
        next_attempt_at -> Timestamptz,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    order_items (order_id, position) {
        order_id -> Int8,
        position -> Int4,
        product_id -> Int8,
        name -> Text,
        unit_price_paisa -> Int8,
        quantity -> Int4,
    }
}

diesel::table! {
    order_events (id) {
        id -> Int8,
        order_id -> Int8,
        status -> Text,
        at -> Timestamptz,
        actor -> Text,
        comment -> Nullable<Text>,
    }
}

diesel::table! {
    review_tokens (token_hash) {
        token_hash -> Text,
        order_id -> Int8,
        product_id -> Int8,
        created_at -> Timestamptz,
        used_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    order_idempotency_keys (customer_id, key) {
        customer_id -> Int8,
        key -> Text,
        request_digest -> Text,
        order_id -> Int8,
        created_at -> Timestamptz,
    }
}

diesel::joinable!(order_items -> orders (order_id));
diesel::joinable!(order_events -> orders (order_id));
diesel::joinable!(review_tokens -> orders (order_id));
diesel::joinable!(order_idempotency_keys -> orders (order_id));
diesel::allow_tables_to_appear_in_same_query!(orders, order_items, order_events, review_tokens, order_idempotency_keys);

diesel::table! {
    reviews (id) {
        id -> Int8,
        product_id -> Int8,
        order_id -> Int8,
        customer_id -> Int8,
        reviewer_name -> Text,
        rating -> Int2,
        comment -> Text,
        status -> Text,
        admin_reply -> Nullable<Text>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    review_images (review_id, position) {
        review_id -> Int8,
        position -> Int4,
        url -> Text,
        width -> Nullable<Int4>,
        variant_widths -> Array<Int4>,
        variant_urls -> Array<Text>,
    }
}

diesel::joinable!(review_images -> reviews (review_id));
diesel::joinable!(reviews -> products (product_id));
diesel::joinable!(reviews -> customers (customer_id));
diesel::allow_tables_to_appear_in_same_query!(reviews, review_images);
diesel::allow_tables_to_appear_in_same_query!(reviews, products);
diesel::allow_tables_to_appear_in_same_query!(reviews, customers);
diesel::allow_tables_to_appear_in_same_query!(reviews, orders);
diesel::allow_tables_to_appear_in_same_query!(reviews, order_items);
diesel::allow_tables_to_appear_in_same_query!(reviews, review_tokens);
diesel::allow_tables_to_appear_in_same_query!(products, customers);
diesel::allow_tables_to_appear_in_same_query!(products, review_tokens);
diesel::allow_tables_to_appear_in_same_query!(products, orders);

diesel::table! {
    risk_rules (id) {
        id -> Text,
        enabled -> Bool,
        points -> Int2,
        params -> Jsonb,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    blocklist (id) {
        id -> Int8,
        kind -> Text,
        value -> Text,
        reason -> Text,
        created_at -> Timestamptz,
        canonical -> Text,
    }
}

diesel::table! {
    blocked_attempts (id) {
        id -> Int8,
        at -> Timestamptz,
        entry_id -> Nullable<Int8>,
        kind -> Text,
        value -> Text,
        name -> Text,
        phone -> Text,
        email -> Text,
        city -> Nullable<Text>,
        total_paisa -> Int8,
        customer_id -> Nullable<Int8>,
        hour -> Timestamptz,
        count -> Int4,
    }
}

diesel::joinable!(blocked_attempts -> blocklist (entry_id));
diesel::allow_tables_to_appear_in_same_query!(blocklist, blocked_attempts);
diesel::allow_tables_to_appear_in_same_query!(orders, customers);

diesel::table! {
    /// A customer's saved delivery details; a placed order saves its own through a trigger.
    customer_addresses (id) {
        id -> Int8,
        customer_id -> Int8,
        province -> Nullable<Text>,
        city -> Nullable<Text>,
        name -> Text,
        phone1 -> Text,
        phone1_normalized -> Text,
        phone2 -> Nullable<Text>,
        phone2_normalized -> Nullable<Text>,
        address -> Text,
        created_at -> Timestamptz,
        used_at -> Timestamptz,
    }
}
