/**
 * Generated from the service's OpenAPI document by scripts/openapi.ts: do not edit by hand.
 */

export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process is alive */
        get: operations["checkLiveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The database is reachable and its schema up to date */
        get: operations["checkReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meta/carriers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every carrier: operations, credentials, catalogs */
        get: operations["listCarriers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meta/carriers/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One carrier */
        get: operations["getCarrier"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meta/carrier/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One carrier as clients of the original interface read it: field lists for every catalog */
        get: operations["describeCarrier"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shippingaccount": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List shipping accounts (secrets masked) */
        get: operations["listShippingAccounts"];
        put?: never;
        /** Register carrier credentials */
        post: operations["createShippingAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shippingaccount/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a shipping account (secrets masked) */
        get: operations["getShippingAccount"];
        put?: never;
        post?: never;
        /** Delete a shipping account */
        delete: operations["deleteShippingAccount"];
        options?: never;
        head?: never;
        /** Change a shipping account: name, billing address, defaults, location id or credentials (not carrier or country) */
        patch: operations["updateShippingAccount"];
        trace?: never;
    };
    "/shippingaccount/{id}/price-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the account’s uploaded price list: its rows, their count and when it was uploaded */
        get: operations["getPriceList"];
        /** Upload (replace) the account’s price list: a CSV file (text/csv) or JSON rows; the account then rates from it, whatever its carrier */
        put: operations["uploadPriceList"];
        post?: never;
        /** Delete the account’s uploaded price list: it rates as its carrier does again */
        delete: operations["deletePriceList"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shippingaccount/{id}/price-list/csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download the account’s uploaded price list as a CSV file in the upload’s columns */
        get: operations["downloadPriceList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shippingaccount/{id}/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the prepaid postage balance (carriers that sell postage in advance) */
        get: operations["getPostageBalance"];
        put?: never;
        /** Buy postage with the carrier; send an Idempotency-Key to retry safely */
        post: operations["addPostage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Estimated cost and transit time per service */
        post: operations["rateShipment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ship": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Book a shipment: labels and tracking numbers */
        post: operations["createShipment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/labels/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Label bytes with their content type: with the key, or with the signature and expiry of the URL a booking answered (no key) */
        get: operations["getLabel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/address/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Check a postal address with the carrier of a shipping account */
        post: operations["validateAddress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shipments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List shipments, newest first: the total in X-Total-Count, pages in Link (RFC 8288) */
        get: operations["listShipments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shipments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a shipment: the booking, its stage and its latest tracking result */
        get: operations["getShipment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pickups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List pickups, newest first: the total in X-Total-Count, pages in Link (RFC 8288) */
        get: operations["listPickups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pickups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a pickup with its state */
        get: operations["getPickup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/track": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Track one shipment, or a batch: an array of { track } in, an array of results out */
        post: operations["trackShipment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Void a shipment with the carrier */
        post: operations["cancelShipment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pickup/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Time slots in which the carrier can pick up */
        post: operations["getPickupAvailability"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pickup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Schedule a pickup; answers its confirmation number */
        post: operations["schedulePickup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pickup/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a scheduled pickup by its confirmation number */
        post: operations["cancelPickup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dopu": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Drop-off locations near an address, with opening hours */
        post: operations["findDropoffLocations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/manifest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Close out shipments: the end-of-day form */
        post: operations["createManifest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/validate_credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask the carrier whether credentials are accepted */
        post: operations["validateCredentials"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Combine base64 PDF (or PNG/JPEG) labels into one PDF */
        post: operations["mergeLabels"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List endpoints */
        get: operations["listWebhooks"];
        put?: never;
        /** Register an endpoint; the answer carries its signing secret, shown only here */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an endpoint: enabled, and why not when Waybill disabled it */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /** Delete an endpoint and its delivery history */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /** Change url, events, description or enabled */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** New signing secret; the old one keeps signing for 24 hours */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Deliveries to the endpoint, newest first, with every attempt */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries/{delivery_id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a delivery’s event to the endpoint again (same event id) */
        post: operations["replayWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant’s events of the last 30 days, oldest first unless order=newest_first */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read one event */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send an event again to every enabled endpoint subscribed to its type */
        post: operations["redeliverEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/returns/methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List return methods; with country and postal_code, drop-off methods list the carrier’s locations near the customer as options */
        get: operations["listReturnMethods"];
        put?: never;
        /** Create a return method: carrier account, service, drop off or pickup, costs */
        post: operations["createReturnMethod"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/returns/methods/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a return method */
        get: operations["getReturnMethod"];
        put?: never;
        post?: never;
        /** Delete a return method (its returns still read) */
        delete: operations["deleteReturnMethod"];
        options?: never;
        head?: never;
        /** Change a return method (returns already made keep what they were made with) */
        patch: operations["updateReturnMethod"];
        trace?: never;
    };
    "/returns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List returns, newest first: the total in X-Total-Count, pages in Link (RFC 8288) */
        get: operations["listReturns"];
        put?: never;
        /** Create a return: books a return label (and the pickup of a pickup method) */
        post: operations["createReturn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/returns/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a return with its lines and its label in base64 */
        get: operations["getReturn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Replace custom values by name; status SHIPMENT_VOIDED cancels the shipment and the pickup */
        patch: operations["updateReturn"];
        trace?: never;
    };
    "/logos/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A carrier’s neutral mark (SVG), as return methods link it */
        get: operations["getCarrierMark"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/tracking/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tracking page’s data (signed tracking_url token); cached like POST /track */
        get: operations["getTrackingPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/returns/portal-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make a returns portal link for one order: the customer returns its lines on a phone, without a key */
        post: operations["createReturnPortalLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/portal/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The returns portal’s data (signed link token): lines, reasons, methods, drop-off places */
        get: operations["getPortalPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/portal/{token}/returns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a return through a portal link, as POST /returns does; one per Idempotency-Key */
        post: operations["createPortalReturn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List batches, newest first: the total in X-Total-Count, pages in Link (RFC 8288) */
        get: operations["listBatches"];
        put?: never;
        /** Book up to 10,000 shipments in the background, each a /ship shipment (rate shopping included): JSON {batch: {shipments}} or a CSV file (text/csv) with the shared values as query parameters; answers 202 at once */
        post: operations["createBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batches/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A batch: its status and counts */
        get: operations["getBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batches/{id}/shipments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The items of a batch in batch order, with their shipment or error; paged like GET /batches */
        get: operations["listBatchShipments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batches/{id}/labels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One print file of every booked label, in batch order (streamed) */
        get: operations["getBatchLabels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batches/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Requeue the failed items (each under a new idempotency record) */
        post: operations["retryBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batches/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel the queued rest; booked labels stay booked */
        post: operations["cancelBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batches/{id}/manifest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Close the day for each shipping account of the batch whose carrier has manifests */
        post: operations["manifestBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/branding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The name, accent colour and logo the tracking page and returns portal show */
        get: operations["getBranding"];
        /** Set the display name and accent colour (both replaced; the logo stays) */
        put: operations["setBranding"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/branding/logo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set the logo: a PNG or JPEG as a data URL, stored as a PNG the service writes */
        put: operations["setBrandingLogo"];
        post?: never;
        /** Remove the logo */
        delete: operations["deleteBrandingLogo"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/logos/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A merchant’s logo (PNG), as logo_url names it; cached for good */
        get: operations["getMerchantLogo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/session/methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How people sign in to the console here: password, and single sign-on when the operator configured it */
        get: operations["getSignInMethods"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with e-mail and password: sets the session cookie (HttpOnly, SameSite=Strict); attempts are throttled per address and per account */
        post: operations["signIn"];
        /** Sign out: ends this session and clears its cookie */
        delete: operations["signOut"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept an invitation: choose a password and sign in (the link works once, until it expires) */
        post: operations["acceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who the request acts as: tenant, user or key, role or scope, permissions; for a session also its CSRF token and expiry */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Sign out everywhere: ends every session of the signed-in user, this one included */
        delete: operations["signOutEverywhere"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant’s users, oldest first, with their roles and status */
        get: operations["listUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Invite a person with a role: a signed link that works once, until it expires, to copy and hand on (inviting again makes a new link) */
        post: operations["inviteUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a user */
        get: operations["getUser"];
        put?: never;
        post?: never;
        /** Remove a user: its sessions end, its open invitation stops working */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        /** Change a user’s role, name, or disable it (its sessions end); the new rights hold from its next request */
        patch: operations["updateUser"];
        trace?: never;
    };
    "/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant’s API keys (never the keys themselves): scope, when made and by whom, last use, expiry, revocation */
        get: operations["listKeys"];
        put?: never;
        /** Make an API key with a name, a scope (at most what you may do) and an optional expiry; the key is shown only in this answer */
        post: operations["createKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a key: it stops working within 5 seconds */
        delete: operations["revokeKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The audit log: who changed what, when, from where */
        get: operations["listAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The platform’s merchants */
        get: operations["listTenants"];
        put?: never;
        /** Create a merchant: its first key and its owner’s invitation */
        post: operations["createTenant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A merchant */
        get: operations["getTenant"];
        put?: never;
        post?: never;
        /** Delete a merchant */
        delete: operations["deleteTenant"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Suspend a merchant */
        post: operations["suspendTenant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{id}/reactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reactivate a merchant */
        post: operations["reactivateTenant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Usage: yours, a platform’s merchants’ */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batches/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What a batch would cost: the body and query of POST /batches, each item priced as POST /rate prices it or refused with why, totals per currency; nothing is stored or bought */
        post: operations["previewBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            error: {
                /**
                 * @description standardized error code
                 * @enum {unknown}
                 */
                code: "missing_api_key" | "wrong_api_key" | "forbidden" | "tenant_suspended" | "platform_required" | "sign_in_failed" | "session_expired" | "schema_field_required" | "schema_validation_error" | "ship_date_past" | "invalid_phone_number" | "shipping_account_wrong_carrier" | "carrier_unsupported_method" | "carrier_exception" | "carrier_authentication" | "shipping_account_not_found" | "master_test_shipping_account_not_found" | "carrier_no_shipment_found" | "not_found" | "method_not_allowed" | "link_expired" | "label_voided" | "idempotency_key_reused" | "idempotency_key_in_use" | "conflict" | "payload_too_large" | "unsupported_media_type" | "rate_limited" | "limit_exceeded" | "carrier_throttling" | "unexpected_exception" | "carrier_http_exception" | "carrier_failed_connection" | "carrier_timeout" | "sealing_key_mismatch" | "service_unavailable" | "no_qualifying_rate" | "address_invalid";
                /** @description what went wrong, e.g. the carrier’s own complaint */
                message: string;
                /** @description extra information: a field path, a carrier’s raw code */
                detail: string;
            };
        };
        /** @description A postal address with contact */
        Address: {
            /** @description contact name */
            name?: string;
            company?: string;
            street1?: string;
            street2?: string;
            street3?: string;
            city?: string;
            /** @description state or province */
            state?: string;
            postal_code?: string;
            /**
             * @description ISO 3166-1 alpha-2 country code
             * @example US
             */
            country: string;
            phone?: string;
            email?: string;
            residential?: boolean;
            /** @description free description of the pickup spot */
            location_type?: string;
            tax_id?: string;
            ioss_number?: string;
            eori_number?: string;
            personal_id_number?: string;
            trader_type?: string;
        };
        AddressValidationView: {
            /**
             * @description valid: deliverable as given; corrected: deliverable with the changes in address; ambiguous: see candidates; invalid: see messages
             * @enum {unknown}
             */
            status: "valid" | "corrected" | "ambiguous" | "invalid";
            address: components["schemas"]["Address"];
            candidates: components["schemas"]["Address"][];
            residential: boolean | null;
            messages: string[];
        };
        BalanceResponse: {
            balance: {
                /** @description postage left, in currency units */
                amount: number;
                /** @description ISO 4217 currency code of the carrier account */
                currency: string;
                /**
                 * Format: date-time
                 * @description when the carrier was asked
                 */
                updated: string;
            };
        };
        BatchBody: {
            batch: {
                shipments: {
                    [key: string]: unknown;
                }[];
                /** @description label type for every shipment that names none */
                label_type?: string;
                reference?: string;
            };
        };
        BatchResponse: {
            batch: components["schemas"]["BatchView"];
        };
        BatchView: {
            id: string;
            /** @enum {unknown} */
            status: "queued" | "in_progress" | "completed" | "completed_with_errors" | "cancelled";
            created: string;
            completed?: string;
            reference: string | null;
            label_type: string | null;
            counts: {
                total: number;
                queued: number;
                in_progress: number;
                booked: number;
                failed: number;
                cancelled: number;
            };
            /** @description GET /batches/{id} only: the formats of GET /batches/{id}/labels that hold every booked label (labels are not converted): one, or none before a label is booked or when they are of several formats */
            print_formats?: ("pdf" | "zpl" | "epl")[];
        };
        BrandingAnswer: {
            branding: components["schemas"]["BrandingView"];
        };
        BrandingView: {
            display_name?: string;
            /** @description #rrggbb, lower case */
            accent_color?: string;
            /** @description #ffffff or #000000: whichever reads better on accent_color (the larger WCAG contrast, at least 4.5:1 for any colour) */
            accent_text_color?: string;
            /** @description the logo, a PNG; public, and changed with the logo */
            logo_url?: string;
            /** @description pixels of the stored logo */
            logo_width?: number;
            logo_height?: number;
            /** Format: date-time */
            updated?: string;
        };
        CarrierField: {
            /** @description human name */
            name: string;
            /** @description the value to send */
            slug: string;
            code?: string;
            /** @description string, password, boolean, date, address, packages */
            type?: string;
            required?: boolean;
            /** @description size slugs of this label format */
            sizes?: string[];
            size_details?: {
                name: string;
                slug: string;
            }[];
        };
        CarrierMeta: {
            /**
             * @description carrier slug
             * @enum {unknown}
             */
            slug: "australiapost" | "canadapost" | "carrier_a" | "carrier_b" | "carrier_c" | "carrier_d" | "carrier_d_reseller" | "dhl_parcel_de";
            name: string;
            operations: string[];
            auth: {
                required: string[];
                optional: string[];
            };
            services: string[];
            /** @description every service with its name, sorted by name */
            service_details: {
                /** @description the value to send as service */
                slug: string;
                /** @description the service’s name for people */
                name: string;
            }[];
            packaging_types: string[];
            label_types: string[];
            special_services: string[];
            package_special_services: string[];
            /** @description the carrier sells postage in advance: GET and POST /shippingaccount/{id}/balance work for its accounts */
            prepaid_postage: boolean;
        };
        Costs: {
            /** @description decimal text, e.g. "38.54" */
            base_charge: string;
            /** @description decimal text, e.g. "38.54" */
            surcharges: string;
            /** @description decimal text, e.g. "38.54" */
            discounts: string;
            /** @description decimal text, e.g. "38.54" */
            taxes: string;
            /** @description decimal text, e.g. "38.54" */
            net_charge: string;
            currency: string;
        };
        /**
         * @description ISO 4217 currency code
         * @enum {unknown}
         */
        Currency: "AED" | "AFN" | "ALL" | "AMD" | "ANG" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BGN" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHF" | "CLP" | "CNY" | "COP" | "CRC" | "CUC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GGP" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HRK" | "HTG" | "HUF" | "IDR" | "ILS" | "IMP" | "INR" | "IQD" | "IRR" | "ISK" | "JEP" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLL" | "SOS" | "SPL" | "SRD" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TVD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "UYU" | "UZS" | "VEF" | "VND" | "VUV" | "WST" | "XAF" | "XCD" | "XDR" | "XOF" | "XPF" | "YER" | "ZAR" | "ZMW" | "ZWD";
        CustomsItem: {
            description?: string;
            quantity?: number;
            quantity_unit?: string;
            value?: number;
            weight?: number;
            /** @enum {unknown} */
            weight_unit?: "KG" | "LB";
            manufacture_country_code?: string;
            harmonized_code?: string;
            commodity_code?: string;
            gross_weight?: number;
            license_number?: string;
            /**
             * Format: date
             * @description ISO date YYYY-MM-DD
             */
            license_expiry_date?: string;
        };
        Defaults: {
            currency?: components["schemas"]["Currency"];
            /** @enum {unknown} */
            dim_units?: "IN" | "CM";
            /** @enum {unknown} */
            weight_units?: "KG" | "LB";
            /** @description a label type of the carrier */
            label_type?: string;
            /** @description a packaging type of the carrier */
            packaging_type?: string;
            /** @description a service of the carrier */
            service?: string;
        };
        DeliveryList: {
            deliveries: components["schemas"]["DeliveryView"][];
        };
        DeliveryView: {
            id: string;
            webhook_id: string;
            event_id: string;
            event_type: string;
            /** @enum {unknown} */
            status: "pending" | "succeeded" | "failed";
            /** Format: date-time */
            created: string;
            /** Format: date-time */
            completed?: string;
            /**
             * Format: date-time
             * @description when the next attempt is due (pending only)
             */
            next_attempt?: string;
            attempts: {
                /** Format: date-time */
                at: string;
                /** @description the receiver’s HTTP status; absent when no answer came */
                status_code?: number;
                duration_ms: number;
                error?: string;
            }[];
        };
        KeyView: {
            id: string;
            name?: string;
            /**
             * @description read: reads only; ship: also rates, books, cancels, batches, pickups, returns; admin: also accounts, webhooks, keys, users below owner; full (keys made before scopes, JWTs): everything
             * @enum {unknown}
             */
            scope: "read" | "ship" | "admin" | "full";
            /** @description the first characters of the key, to tell keys apart */
            prefix: string;
            /** Format: date-time */
            created: string;
            /** @description absent for keys made with `waybill keys create` */
            created_by?: {
                /** @enum {unknown} */
                kind: "user" | "key";
                id: string;
                email?: string;
            };
            /** Format: date-time */
            expires?: string;
            /**
             * Format: date-time
             * @description to the minute
             */
            last_used?: string;
            /** Format: date-time */
            revoked?: string;
            /**
             * @description whether the key is accepted now: maker_removed and maker_disabled are refused because the user who made it (or made the key that made it) was removed or disabled
             * @enum {unknown}
             */
            status: "active" | "expired" | "revoked" | "maker_removed" | "maker_disabled";
            /** @description the key itself: shown only in the answer to POST /keys */
            key?: string;
        };
        MeResponse: {
            me: components["schemas"]["MeView"];
        };
        MeView: {
            tenant: string;
            actor: {
                /** @enum {unknown} */
                kind: "user" | "key" | "jwt";
                id?: string;
                subject?: string;
            };
            user?: components["schemas"]["UserView"];
            /**
             * @description owner: everything; admin: accounts, webhooks, keys, users below owner; shipper: rate, ship, batches, pickups, returns, cancel; viewer: read only
             * @enum {unknown}
             */
            role?: "owner" | "admin" | "shipper" | "viewer";
            /**
             * @description read: reads only; ship: also rates, books, cancels, batches, pickups, returns; admin: also accounts, webhooks, keys, users below owner; full (keys made before scopes, JWTs): everything
             * @enum {unknown}
             */
            scope?: "read" | "ship" | "admin" | "full";
            permissions: ("me" | "data.read" | "shipments.rate" | "shipments.buy" | "shipments.cancel" | "batches.manage" | "pickups.manage" | "returns.manage" | "accounts.manage" | "webhooks.manage" | "keys.manage" | "users.manage" | "users.owners" | "billing.manage" | "audit.read" | "tenants.read" | "tenants.manage" | "usage.read")[];
            /** @description signed in by cookie: send it as the X-CSRF-Token header of every request that is not GET or HEAD */
            csrf_token?: string;
            session?: {
                /** Format: date-time */
                created: string;
                /**
                 * Format: date-time
                 * @description the latest it ends, however active
                 */
                expires: string;
                /**
                 * Format: date-time
                 * @description when it ends unless used before
                 */
                idle_expires: string;
            };
        };
        /** @description the merchant’s branding; members it has not set are absent */
        Merchant: {
            display_name?: string;
            /** @description #rrggbb, lower case */
            accent_color?: string;
            /** @description #ffffff or #000000: whichever reads better on accent_color (the larger WCAG contrast, at least 4.5:1 for any colour) */
            accent_text_color?: string;
            /** @description the logo, a PNG; public, and changed with the logo */
            logo_url?: string;
        };
        Package: {
            /** @description in weight_units */
            weight: number;
            /** @description in dim_units */
            length?: number;
            width?: number;
            height?: number;
            /** @description declared value in the request currency */
            value?: number;
            quantity?: number;
            special_services?: string[];
        };
        PickupLocation: {
            name: string;
            company?: string;
            street1: string;
            street2?: string;
            street3?: string;
            city: string;
            /** @description state or province */
            state?: string;
            postal_code?: string;
            /**
             * @description ISO 3166-1 alpha-2 country code
             * @example US
             */
            country: string;
            phone: string;
            email?: string;
            residential?: boolean;
            location_type: string;
            tax_id?: string;
            ioss_number?: string;
            eori_number?: string;
            personal_id_number?: string;
            trader_type?: string;
        };
        PickupShipment: {
            packages: components["schemas"]["Package"][];
            recipient?: {
                name: string;
                company?: string;
                street1: string;
                street2?: string;
                street3?: string;
                city: string;
                /** @description state or province */
                state?: string;
                postal_code?: string;
                /**
                 * @description ISO 3166-1 alpha-2 country code
                 * @example US
                 */
                country: string;
                phone?: string;
                email?: string;
                residential?: boolean;
                /** @description free description of the pickup spot */
                location_type?: string;
                tax_id?: string;
                ioss_number?: string;
                eori_number?: string;
                personal_id_number?: string;
                trader_type?: string;
            };
            service?: string;
        };
        PickupView: {
            shipping_account: string;
            carrier: string;
            location: components["schemas"]["PickupLocation"];
            shipments: components["schemas"]["PickupShipment"][];
            /** @enum {unknown} */
            dim_units: "IN" | "CM";
            /** @enum {unknown} */
            weight_units: "KG" | "LB";
            currency: string;
            description?: string;
            test: boolean;
            debug?: boolean;
            time: {
                /**
                 * Format: date
                 * @description ISO date YYYY-MM-DD
                 */
                date: string;
                /** @description HH:MM, 24-hour */
                ready_time: string;
                /** @description HH:MM, 24-hour */
                close_time: string;
            };
            id: string;
            /** @description the carrier’s reference of the pickup; cancels it where the carrier allows */
            confirmation_number: string;
            /** @description the carrier’s code for the pickup location, where it has one */
            location_code?: string;
            /**
             * Format: date
             * @description ISO date YYYY-MM-DD
             */
            pickup_date: string;
            /** @description HH:MM, 24-hour */
            ready_time: string;
            /** @description HH:MM, 24-hour */
            close_time: string;
            /** Format: date-time */
            created: string;
            /** @enum {unknown} */
            status: "scheduled" | "cancelled";
            /** Format: date-time */
            cancelled?: string;
        };
        PortalReturnSummary: {
            id: string;
            created: string;
            tracking_number: string;
            status: string;
            method_name: string;
            /** @description signed path of the label: works without a key */
            label_url: string;
            lines: {
                line_id: string;
                product_name: string;
                quantity: number;
            }[];
            pickup_date?: string;
        };
        ReturnLine: {
            product_name: string;
            line_id?: string;
            sku?: string;
            hs_code?: string;
            /**
             * @description ISO 3166-1 alpha-2 country code
             * @example US
             */
            country_of_manufacture?: string;
            quantity: number;
            value?: number;
            weight?: number;
            reasons?: {
                name: string;
                value: string;
                reasons?: {
                    name: string;
                    value: string;
                };
            }[];
        };
        ReturnMethodSummary: {
            id: string;
            carrier: string;
            carrier_name: string;
            /** Format: uri */
            carrier_logo: string;
            method_name: string;
            type: string;
            cost: {
                carrier_charge: number;
                customer_charge: number;
            };
            return_charge: number;
        };
        ReturnMethodView: {
            id: string;
            carrier: string;
            carrier_name: string;
            /** Format: uri */
            carrier_logo: string;
            method_name: string;
            type: string;
            cost: {
                carrier_charge: number;
                customer_charge: number;
            };
            return_charge: number;
            shipping_account: string;
            service: string;
            packaging?: string;
            label_type?: string;
            destination?: components["schemas"]["Address"];
            /** Format: date-time */
            created: string;
            /** @description drop-off locations near the customer (GET with country and postal_code) */
            options?: components["schemas"]["ReturnOption"][];
            options_error?: {
                code: string;
                message: string;
                detail: string;
            };
        };
        ReturnOption: {
            id: string;
            location_id: string;
            location_name: string;
            street1: string;
            city: string;
            state?: string;
            postal_code?: string;
            country: string;
            lat?: string;
            lng?: string;
            distance?: number;
            distance_units?: string;
            operational_hours: {
                MON?: {
                    open: string;
                    close: string;
                };
                TUE?: {
                    open: string;
                    close: string;
                };
                WED?: {
                    open: string;
                    close: string;
                };
                THU?: {
                    open: string;
                    close: string;
                };
                FRI?: {
                    open: string;
                    close: string;
                };
                SAT?: {
                    open: string;
                    close: string;
                };
                SUN?: {
                    open: string;
                    close: string;
                };
            };
        };
        ShipmentBody: {
            shipment: components["schemas"]["ShipmentRequestInput"];
        };
        ShipmentRequestInput: {
            /** @description shipping account id, e.g. "481516234200001" or 481516234200001 */
            shipping_account?: string | number;
            /** @description carrier slug; must match the account’s carrier when given */
            carrier?: string;
            sender: components["schemas"]["Address"];
            recipient: components["schemas"]["Address"];
            packages: components["schemas"]["Package"][];
            /** @description packaging type; required to book unless the account defaults set packaging_type; rating without one quotes your_packaging */
            packaging?: string;
            /** @description service slug; for /rate only rates of that service are returned */
            service?: string;
            /**
             * Format: date
             * @description ISO date YYYY-MM-DD
             */
            ship_date?: string;
            currency?: components["schemas"]["Currency"];
            /**
             * @description required unless the account defaults set it
             * @enum {unknown}
             */
            dim_units?: "IN" | "CM";
            /**
             * @description required unless the account defaults set it
             * @enum {unknown}
             */
            weight_units?: "KG" | "LB";
            special_services?: string[];
            /** @enum {unknown} */
            type?: "outbound" | "return";
            /** @description a label type of the carrier, bare or <format>__<size> */
            label_type?: string;
            /** @description size part of the label type */
            label_size?: string;
            include_base64_label?: boolean;
            /** @description also return one document with every package label */
            combined_labels?: boolean;
            customs_items?: components["schemas"]["CustomsItem"][];
            references?: {
                type: string;
                value: string;
            }[];
            terms_of_trade?: string;
            terms_of_payment?: string;
            insurance_cost?: number;
            declaration_statement?: string;
            broker_name?: string;
            broker_phone?: string;
            broker_company?: string;
            importer_type?: string;
            test?: boolean;
            debug?: boolean;
            webhooks?: boolean;
            notifications?: {
                type: string;
                value: string;
            }[];
            invoice_number?: string;
            /**
             * Format: date
             * @description ISO date YYYY-MM-DD
             */
            invoice_date?: string;
            /** @description rate with every account at once, in place of shipping_account */
            shipping_accounts?: (string | number)[];
            /**
             * @description with shipping_accounts: the rate to pick (on /ship: to book)
             * @enum {unknown}
             */
            select?: "cheapest" | "fastest" | "best_value";
            /**
             * Format: date
             * @description with shipping_accounts: only rates estimated to arrive on or before this date
             */
            deliver_by?: string;
            /** @description /ship: check the recipient with the carrier first; a corrected address is booked */
            validate_address?: boolean;
            /** @description /ship: refuse with 409 conflict when a live (not voided) shipment of the booking account already carries one of these references' values; the error's detail lists those shipments' ids */
            reject_duplicates?: boolean;
            documents_only?: boolean;
            po_number?: string;
            terms_of_shipment?: string;
            reason_for_export?: string;
            comments?: string;
            /**
             * Format: date
             * @description ISO date YYYY-MM-DD
             */
            export_date?: string;
            exporting_carrier?: string;
            eccn?: string;
            signature_name?: string;
            signature_title?: string;
            export_reason?: string;
            export_reason_code?: string;
            sed_number?: string;
            remarks?: string;
            other_charges?: number;
            freight_cost?: number;
            vatgst?: string;
            receiver_reference?: string;
            exporter_id?: string;
            exporter_code?: string;
            package_marks?: string;
            other_remarks_2?: string;
            other_remarks_3?: string;
            add_decl_text?: string;
            add_decl_text_2?: string;
            add_decl_text_3?: string;
            place_of_incoterms?: string;
            eel_pfc?: string;
            purpose_of_shipment?: string;
            contents_explanation?: string;
            restriction_type?: string;
            senders_customs_reference?: string;
            importers_customs_reference?: string;
            license_number?: string;
            certificate_number?: string;
            non_delivery_option?: string;
        };
        TrackingResultView: {
            carrier: string;
            tracking_number: string;
            /** @description latest important status text */
            status: string;
            /** @enum {unknown} */
            tracking_stage: "CREATION_PENDING" | "CREATED" | "PICKED_UP" | "IN_TRANSIT" | "OUT_FOR_DELIVERY" | "DRIVER_ASSIGNED" | "CHECKED_IN" | "DELIVERED" | "SHIPMENT_VOIDED" | "EXCEPTION";
            delivered: boolean;
            /** Format: date-time */
            delivery_date?: string;
            /** Format: date-time */
            estimated_delivery?: string;
            signed_by?: string;
            /** @description newest first; left out when the request says checkpoints: false */
            checkpoints?: {
                /**
                 * Format: date-time
                 * @description with a UTC offset
                 */
                time: string;
                description: string;
                status: string;
                /** @enum {unknown} */
                tracking_stage: "CREATION_PENDING" | "CREATED" | "PICKED_UP" | "IN_TRANSIT" | "OUT_FOR_DELIVERY" | "DRIVER_ASSIGNED" | "CHECKED_IN" | "DELIVERED" | "SHIPMENT_VOIDED" | "EXCEPTION";
                location?: {
                    city?: string;
                    state?: string;
                    postal_code?: string;
                    country?: string;
                };
            }[];
            /** @description each package of a multi-package shipment, where the carrier tells them apart */
            packages?: {
                tracking_number: string;
                checkpoints: {
                    /**
                     * Format: date-time
                     * @description with a UTC offset
                     */
                    time: string;
                    description: string;
                    status: string;
                    /** @enum {unknown} */
                    tracking_stage: "CREATION_PENDING" | "CREATED" | "PICKED_UP" | "IN_TRANSIT" | "OUT_FOR_DELIVERY" | "DRIVER_ASSIGNED" | "CHECKED_IN" | "DELIVERED" | "SHIPMENT_VOIDED" | "EXCEPTION";
                    location?: {
                        city?: string;
                        state?: string;
                        postal_code?: string;
                        country?: string;
                    };
                }[];
            }[];
        };
        UserResponse: {
            user: components["schemas"]["UserView"];
        };
        UserView: {
            id: string;
            email: string;
            name?: string;
            /**
             * @description owner: everything; admin: accounts, webhooks, keys, users below owner; shipper: rate, ship, batches, pickups, returns, cancel; viewer: read only
             * @enum {unknown}
             */
            role: "owner" | "admin" | "shipper" | "viewer";
            /**
             * @description invited: has not accepted an invitation nor signed in yet
             * @enum {unknown}
             */
            status: "invited" | "active" | "disabled";
            /** Format: date-time */
            created: string;
            /** Format: date-time */
            last_sign_in?: string;
        };
        WebhookResponse: {
            webhook: components["schemas"]["WebhookView"];
        };
        WebhookView: {
            id: string;
            url: string;
            events: string[];
            description?: string;
            enabled: boolean;
            /** @description why the endpoint was disabled, when Waybill disabled it */
            disabled_reason?: string;
            /**
             * Format: date-time
             * @description first failed attempt since the last success
             */
            failing_since?: string;
            /** Format: date-time */
            created: string;
            /** Format: date-time */
            updated: string;
            /** @description signing secret; shown only on creation and rotation */
            secret?: string;
            /**
             * Format: date-time
             * @description until then the secret before the last rotation signs too
             */
            previous_secret_expires?: string;
        };
    };
    responses: {
        /** @description This instance cannot answer now: shutting down, database unreachable, or another sealing key */
        ServiceUnavailable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Refused as sent: a field is missing or wrong, or the carrier refused the request; nothing changed */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No API key, or one that is not accepted (a session that ended; a sign-in refused) */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The key’s scope or the user’s role lacks the permission the message and detail name (or a request signed in by cookie came without its X-CSRF-Token) */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No such resource for this tenant (another tenant’s is answered the same way) */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description An Idempotency-Key conflict, or the resource’s state forbids the change */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is larger than WAYBILL_BODY_LIMIT */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body was not sent as application/json */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many requests, to Waybill or to the carrier: wait for Retry-After */
        TooManyRequests: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description An unexpected failure; it is logged with the request id */
        InternalError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The carrier failed or could not be reached; it may have acted: check before retrying under a new key */
        BadGateway: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The carrier did not answer in time; it may have acted: check before retrying under a new key */
        GatewayTimeout: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The signed link was genuine but has expired (ask for a new one), or the label it names was voided */
        Gone: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    checkLiveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Alive: {status: "ok"} */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
        };
    };
    checkReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready: {status: "ready"} */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listCarriers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every carrier, as requests are checked against it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        carriers: components["schemas"]["CarrierMeta"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getCarrier: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The carrier, as requests are checked against it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        carrier: components["schemas"]["CarrierMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    describeCarrier: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The carrier’s field lists */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        slug: string;
                        display_name: string;
                        multi_package: boolean;
                        /** @description rates are answered per service type */
                        servicetype_availability: boolean;
                        operations: string[];
                        rate: {
                            fields: components["schemas"]["CarrierField"][];
                            service_type_field: string;
                        };
                        service_types: components["schemas"]["CarrierField"][];
                        label_types: components["schemas"]["CarrierField"][];
                        packaging_types: components["schemas"]["CarrierField"][];
                        special_services: components["schemas"]["CarrierField"][];
                        package_special_services: components["schemas"]["CarrierField"][];
                        auth: components["schemas"]["CarrierField"][];
                        references: components["schemas"]["CarrierField"][];
                        customs: components["schemas"]["CarrierField"][];
                        notifications: components["schemas"]["CarrierField"][];
                        billing_fields: components["schemas"]["CarrierField"][];
                        custom_fields: components["schemas"]["CarrierField"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listShippingAccounts: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tenant’s accounts, one page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        shipping_accounts: {
                            /** @description the shipping account number: decimal digits (accounts registered before numbers were introduced keep their ids) */
                            id: string;
                            name: string | null;
                            dim_units: ("IN" | "CM") | null;
                            weight_units: ("KG" | "LB") | null;
                            currency: components["schemas"]["Currency"] | null;
                            carrier: string;
                            country: string;
                            auth: {
                                [key: string]: string;
                            };
                            billing_address?: components["schemas"]["Address"];
                            defaults: components["schemas"]["Defaults"];
                            location_id?: string;
                            parent_shipping_account?: string;
                            test: boolean;
                            /** Format: date-time */
                            created: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    createShippingAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    shipping_account: {
                        name?: string;
                        /**
                         * @description carrier slug
                         * @enum {unknown}
                         */
                        carrier: "australiapost" | "canadapost" | "carrier_a" | "carrier_b" | "carrier_c" | "carrier_d" | "carrier_d_reseller" | "dhl_parcel_de";
                        /**
                         * @description ISO 3166-1 alpha-2 country code
                         * @example US
                         */
                        country: string;
                        /** @description carrier credentials; members per carrier (GET /meta/carriers) */
                        auth?: {
                            [key: string]: string;
                        };
                        billing_address?: components["schemas"]["Address"];
                        defaults?: components["schemas"]["Defaults"];
                        location_id?: string;
                        /** @description shipping account id, e.g. "481516234200001" or 481516234200001 */
                        parent_shipping_account?: string | number;
                        test?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description The account with its id, the number later requests name (secrets masked) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        shipping_account: {
                            /** @description the shipping account number: decimal digits (accounts registered before numbers were introduced keep their ids) */
                            id: string;
                            name: string | null;
                            dim_units: ("IN" | "CM") | null;
                            weight_units: ("KG" | "LB") | null;
                            currency: components["schemas"]["Currency"] | null;
                            carrier: string;
                            country: string;
                            auth: {
                                [key: string]: string;
                            };
                            billing_address?: components["schemas"]["Address"];
                            defaults: components["schemas"]["Defaults"];
                            location_id?: string;
                            parent_shipping_account?: string;
                            test: boolean;
                            /** Format: date-time */
                            created: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getShippingAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account (secrets masked) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        shipping_account: {
                            /** @description the shipping account number: decimal digits (accounts registered before numbers were introduced keep their ids) */
                            id: string;
                            name: string | null;
                            dim_units: ("IN" | "CM") | null;
                            weight_units: ("KG" | "LB") | null;
                            currency: components["schemas"]["Currency"] | null;
                            carrier: string;
                            country: string;
                            auth: {
                                [key: string]: string;
                            };
                            billing_address?: components["schemas"]["Address"];
                            defaults: components["schemas"]["Defaults"];
                            location_id?: string;
                            parent_shipping_account?: string;
                            test: boolean;
                            /** Format: date-time */
                            created: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    deleteShippingAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: {
                            message: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    updateShippingAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    shipping_account: {
                        name?: string;
                        /** @description credential members to replace */
                        auth?: {
                            [key: string]: string;
                        };
                        billing_address?: components["schemas"]["Address"];
                        defaults?: components["schemas"]["Defaults"];
                        location_id?: string;
                        /**
                         * @description carrier slug
                         * @enum {unknown}
                         */
                        carrier?: "australiapost" | "canadapost" | "carrier_a" | "carrier_b" | "carrier_c" | "carrier_d" | "carrier_d_reseller" | "dhl_parcel_de";
                        /**
                         * @description ISO 3166-1 alpha-2 country code
                         * @example US
                         */
                        country?: string;
                    };
                };
            };
        };
        responses: {
            /** @description The account as changed (secrets masked) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        shipping_account: {
                            /** @description the shipping account number: decimal digits (accounts registered before numbers were introduced keep their ids) */
                            id: string;
                            name: string | null;
                            dim_units: ("IN" | "CM") | null;
                            weight_units: ("KG" | "LB") | null;
                            currency: components["schemas"]["Currency"] | null;
                            carrier: string;
                            country: string;
                            auth: {
                                [key: string]: string;
                            };
                            billing_address?: components["schemas"]["Address"];
                            defaults: components["schemas"]["Defaults"];
                            location_id?: string;
                            parent_shipping_account?: string;
                            test: boolean;
                            /** Format: date-time */
                            created: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getPriceList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list with its rows */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        price_list: {
                            shipping_account: string;
                            /** @enum {string} */
                            source: "uploaded";
                            /** Format: date-time */
                            uploaded_at: string;
                            row_count: number;
                            /** @description the bands, in the order uploaded (GET only) */
                            rows?: {
                                /** @description the service /rate answers and /ship books */
                                service: string;
                                service_name: string;
                                zone: string;
                                /** @description empty: every destination no other row names */
                                countries: string[];
                                min_kg: number;
                                max_kg: number;
                                /** @description longest, middle and shortest side */
                                max_cm?: number[];
                                /** @description decimal text */
                                price: string;
                                currency: string;
                                /** @description fewest and most days */
                                transit_days: number[];
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    uploadPriceList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    price_list: {
                        rows: {
                            service_code: string;
                            service_name?: string;
                            zone_label?: string;
                            /** @description ISO alpha-2 codes separated by commas; empty: every destination no other row names */
                            country_codes?: string;
                            min_weight: string | number;
                            max_weight: string | number;
                            max_length?: string | number;
                            max_width?: string | number;
                            max_height?: string | number;
                            rate: string | number;
                            currency: string;
                            transit_days: string | number;
                            domicile?: boolean | string;
                            international?: boolean | string;
                        }[];
                    };
                };
                "text/csv": string;
            };
        };
        responses: {
            /** @description The account’s list as stored: its row count and upload time */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        price_list: {
                            shipping_account: string;
                            /** @enum {string} */
                            source: "uploaded";
                            /** Format: date-time */
                            uploaded_at: string;
                            row_count: number;
                            /** @description the bands, in the order uploaded (GET only) */
                            rows?: {
                                /** @description the service /rate answers and /ship books */
                                service: string;
                                service_name: string;
                                zone: string;
                                /** @description empty: every destination no other row names */
                                countries: string[];
                                min_kg: number;
                                max_kg: number;
                                /** @description longest, middle and shortest side */
                                max_cm?: number[];
                                /** @description decimal text */
                                price: string;
                                currency: string;
                                /** @description fewest and most days */
                                transit_days: number[];
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    deletePriceList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: {
                            message: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    downloadPriceList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the list in the upload’s columns */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getPostageBalance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The balance the carrier holds for the account */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BalanceResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    addPostage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    add_funds: {
                        /** @description postage to buy; each carrier has its own limits (GET /meta/carriers names the carrier, its documentation the limits); outside them a 400 */
                        amount: number;
                        currency: components["schemas"]["Currency"];
                    };
                };
            };
        };
        responses: {
            /** @description The balance after the purchase */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BalanceResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    rateShipment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ShipmentBody"];
            };
        };
        responses: {
            /** @description One rate per service the carrier offers for the shipment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        rates: {
                            service_type: string;
                            service_name: string;
                            /** @description decimal text */
                            total_cost: string;
                            currency: string;
                            transit_days?: number;
                            estimated_date?: string;
                            delivery_day?: string;
                            /** @description the price list that priced this rate: the carrier’s published list, or the one uploaded for the shipping account (README "Price lists"); absent when the carrier’s rating API priced it */
                            price_list?: {
                                /** @enum {string} */
                                source: "published";
                            } | {
                                /** @enum {string} */
                                source: "uploaded";
                                /**
                                 * Format: date-time
                                 * @description when the list was uploaded
                                 */
                                uploaded_at: string;
                            };
                            carrier?: string;
                            shipping_account?: string;
                        }[];
                        /** @description with shipping_accounts: each account that failed */
                        errors?: {
                            shipping_account: string;
                            carrier: string;
                            error: {
                                /**
                                 * @description standardized error code
                                 * @enum {unknown}
                                 */
                                code: "missing_api_key" | "wrong_api_key" | "forbidden" | "tenant_suspended" | "platform_required" | "sign_in_failed" | "session_expired" | "schema_field_required" | "schema_validation_error" | "ship_date_past" | "invalid_phone_number" | "shipping_account_wrong_carrier" | "carrier_unsupported_method" | "carrier_exception" | "carrier_authentication" | "shipping_account_not_found" | "master_test_shipping_account_not_found" | "carrier_no_shipment_found" | "not_found" | "method_not_allowed" | "link_expired" | "label_voided" | "idempotency_key_reused" | "idempotency_key_in_use" | "conflict" | "payload_too_large" | "unsupported_media_type" | "rate_limited" | "limit_exceeded" | "carrier_throttling" | "unexpected_exception" | "carrier_http_exception" | "carrier_failed_connection" | "carrier_timeout" | "sealing_key_mismatch" | "service_unavailable" | "no_qualifying_rate" | "address_invalid";
                                /** @description what went wrong, e.g. the carrier’s own complaint */
                                message: string;
                                /** @description extra information: a field path, a carrier’s raw code */
                                detail: string;
                            };
                        }[];
                        selected?: {
                            service_type: string;
                            service_name: string;
                            /** @description decimal text */
                            total_cost: string;
                            currency: string;
                            transit_days?: number;
                            estimated_date?: string;
                            delivery_day?: string;
                            /** @description the price list that priced this rate: the carrier’s published list, or the one uploaded for the shipping account (README "Price lists"); absent when the carrier’s rating API priced it */
                            price_list?: {
                                /** @enum {string} */
                                source: "published";
                            } | {
                                /** @enum {string} */
                                source: "uploaded";
                                /**
                                 * Format: date-time
                                 * @description when the list was uploaded
                                 */
                                uploaded_at: string;
                            };
                            carrier?: string;
                            shipping_account?: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    createShipment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ShipmentBody"];
            };
        };
        responses: {
            /** @description The booked shipment: tracking numbers, costs, labels (signed links, or base64 when asked) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        shipment: {
                            id: string;
                            carrier: string;
                            shipping_account: string;
                            service?: string;
                            packaging: string;
                            /**
                             * Format: date
                             * @description ISO date YYYY-MM-DD
                             */
                            ship_date: string;
                            test: boolean;
                            type: string;
                            /** @description master tracking number */
                            tracking_number: string;
                            /**
                             * Format: uri
                             * @description public tracking page of the shipment for the recipient: signed, no key needed
                             */
                            tracking_url: string;
                            label_type: string;
                            costs?: components["schemas"]["Costs"];
                            currency?: string;
                            dim_units: string;
                            weight_units: string;
                            packages: {
                                tracking_number: string;
                                /** @description base64 of the label when include_base64_label, else an absolute URL of GET /labels/{id}, signed: it works without a key until it expires (WAYBILL_LABEL_URL_TTL); absent only on a booking `recovered` from a carrier that did not hand its labels out again */
                                label?: string;
                                label_type: string;
                                weight?: number;
                                length?: number;
                                width?: number;
                                height?: number;
                                value?: number;
                            }[];
                            /** @description every package label in one document (combined_labels) */
                            combined_label?: string;
                            /** @description the special services booked, as objects */
                            special_services: {
                                slug: string;
                            }[];
                            shipping_documents: {
                                type: string;
                                format: string;
                                /** @description base64 */
                                content: string;
                            }[];
                            references: {
                                type: string;
                                value: string;
                            }[];
                            sender: components["schemas"]["Address"];
                            recipient: components["schemas"]["Address"];
                            estimated_date?: string;
                            transit_days?: number;
                            selected_rate?: {
                                service_type: string;
                                service_name: string;
                                /** @description decimal text */
                                total_cost: string;
                                currency: string;
                                transit_days?: number;
                                estimated_date?: string;
                                delivery_day?: string;
                                /** @description the price list that priced this rate: the carrier’s published list, or the one uploaded for the shipping account (README "Price lists"); absent when the carrier’s rating API priced it */
                                price_list?: {
                                    /** @enum {string} */
                                    source: "published";
                                } | {
                                    /** @enum {string} */
                                    source: "uploaded";
                                    /**
                                     * Format: date-time
                                     * @description when the list was uploaded
                                     */
                                    uploaded_at: string;
                                };
                                carrier?: string;
                                shipping_account?: string;
                            };
                            address_validation?: components["schemas"]["AddressValidationView"];
                            /** @description present when the booking call's answer was lost (the connection was cut or timed out, or the instance stopped mid-call) and the booking was found at the carrier by Waybill's reference, by a retry or by the service's own lookup once the call's timeout and the carrier's indexing delay had passed: says so, and whether its labels were fetched again from the carrier (else its packages carry no label) */
                            recovered?: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getLabel: {
        parameters: {
            query?: {
                /** @description of a signed URL: expiry, seconds since 1970 */
                expires?: string;
                /** @description of a signed URL */
                signature?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description label bytes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "image/png": string;
                    "image/gif": string;
                    "image/jpeg": string;
                    "application/octet-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    validateAddress: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    address_validation: {
                        /** @description shipping account id, e.g. "481516234200001" or 481516234200001 */
                        shipping_account: string | number;
                        address: components["schemas"]["Address"];
                        /** @description carrier slug; must match the account’s carrier when given */
                        carrier?: string;
                        test?: boolean;
                        debug?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description What the carrier says of the address: valid, corrected, ambiguous or invalid */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        address_validation: components["schemas"]["AddressValidationView"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listShipments: {
        parameters: {
            query?: {
                /** @description carrier slug */
                carrier?: "australiapost" | "canadapost" | "carrier_a" | "carrier_b" | "carrier_c" | "carrier_d" | "carrier_d_reseller" | "dhl_parcel_de";
                shipping_account?: string;
                /** @description the tracking stage the shipment last reached */
                status?: "CREATION_PENDING" | "CREATED" | "PICKED_UP" | "IN_TRANSIT" | "OUT_FOR_DELIVERY" | "DRIVER_ASSIGNED" | "CHECKED_IN" | "DELIVERED" | "SHIPMENT_VOIDED" | "EXCEPTION";
                /** @description a tracking number or reference (exact), or part of the recipient’s name */
                search?: string;
                /** @description the shipments a batch booked (POST /batches) */
                batch?: string;
                /** @description on created: a date (whole day) or a date-time (UTC unless it has an offset) */
                start_date?: string;
                /** @description on created, inclusive: a date (whole day) or a date-time */
                end_date?: string;
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description without shipping_documents */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        carrier: string;
                        shipping_account: string;
                        service?: string;
                        packaging: string;
                        /**
                         * Format: date
                         * @description ISO date YYYY-MM-DD
                         */
                        ship_date: string;
                        test: boolean;
                        type: string;
                        /** @description master tracking number */
                        tracking_number: string;
                        /**
                         * Format: uri
                         * @description public tracking page of the shipment for the recipient: signed, no key needed
                         */
                        tracking_url: string;
                        label_type: string;
                        costs?: components["schemas"]["Costs"];
                        currency?: string;
                        dim_units: string;
                        weight_units: string;
                        packages: {
                            tracking_number: string;
                            /** @description base64 of the label when include_base64_label, else an absolute URL of GET /labels/{id}, signed: it works without a key until it expires (WAYBILL_LABEL_URL_TTL); absent only on a booking `recovered` from a carrier that did not hand its labels out again */
                            label?: string;
                            label_type: string;
                            weight?: number;
                            length?: number;
                            width?: number;
                            height?: number;
                            value?: number;
                        }[];
                        /** @description every package label in one document (combined_labels) */
                        combined_label?: string;
                        /** @description the special services booked, as objects */
                        special_services: {
                            slug: string;
                        }[];
                        references: {
                            type: string;
                            value: string;
                        }[];
                        sender: components["schemas"]["Address"];
                        recipient: components["schemas"]["Address"];
                        estimated_date?: string;
                        transit_days?: number;
                        selected_rate?: {
                            service_type: string;
                            service_name: string;
                            /** @description decimal text */
                            total_cost: string;
                            currency: string;
                            transit_days?: number;
                            estimated_date?: string;
                            delivery_day?: string;
                            /** @description the price list that priced this rate: the carrier’s published list, or the one uploaded for the shipping account (README "Price lists"); absent when the carrier’s rating API priced it */
                            price_list?: {
                                /** @enum {string} */
                                source: "published";
                            } | {
                                /** @enum {string} */
                                source: "uploaded";
                                /**
                                 * Format: date-time
                                 * @description when the list was uploaded
                                 */
                                uploaded_at: string;
                            };
                            carrier?: string;
                            shipping_account?: string;
                        };
                        address_validation?: components["schemas"]["AddressValidationView"];
                        /** @description present when the booking call's answer was lost (the connection was cut or timed out, or the instance stopped mid-call) and the booking was found at the carrier by Waybill's reference, by a retry or by the service's own lookup once the call's timeout and the carrier's indexing delay had passed: says so, and whether its labels were fetched again from the carrier (else its packages carry no label) */
                        recovered?: string;
                        /**
                         * @description the tracking stage the shipment last reached
                         * @enum {unknown}
                         */
                        status: "CREATION_PENDING" | "CREATED" | "PICKED_UP" | "IN_TRANSIT" | "OUT_FOR_DELIVERY" | "DRIVER_ASSIGNED" | "CHECKED_IN" | "DELIVERED" | "SHIPMENT_VOIDED" | "EXCEPTION";
                        /** Format: date-time */
                        created: string;
                        /**
                         * Format: date-time
                         * @description when the shipment was cancelled: its labels are void from then on, their URLs unsigned, and GET /labels/{id} answers 410 label_voided
                         */
                        cancelled?: string;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getShipment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The shipment: booking, stage and latest tracking result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        shipment: {
                            id: string;
                            carrier: string;
                            shipping_account: string;
                            service?: string;
                            packaging: string;
                            /**
                             * Format: date
                             * @description ISO date YYYY-MM-DD
                             */
                            ship_date: string;
                            test: boolean;
                            type: string;
                            /** @description master tracking number */
                            tracking_number: string;
                            /**
                             * Format: uri
                             * @description public tracking page of the shipment for the recipient: signed, no key needed
                             */
                            tracking_url: string;
                            label_type: string;
                            costs?: components["schemas"]["Costs"];
                            currency?: string;
                            dim_units: string;
                            weight_units: string;
                            packages: {
                                tracking_number: string;
                                /** @description base64 of the label when include_base64_label, else an absolute URL of GET /labels/{id}, signed: it works without a key until it expires (WAYBILL_LABEL_URL_TTL); absent only on a booking `recovered` from a carrier that did not hand its labels out again */
                                label?: string;
                                label_type: string;
                                weight?: number;
                                length?: number;
                                width?: number;
                                height?: number;
                                value?: number;
                            }[];
                            /** @description every package label in one document (combined_labels) */
                            combined_label?: string;
                            /** @description the special services booked, as objects */
                            special_services: {
                                slug: string;
                            }[];
                            shipping_documents: {
                                type: string;
                                format: string;
                                /** @description base64 */
                                content: string;
                            }[];
                            references: {
                                type: string;
                                value: string;
                            }[];
                            sender: components["schemas"]["Address"];
                            recipient: components["schemas"]["Address"];
                            estimated_date?: string;
                            transit_days?: number;
                            selected_rate?: {
                                service_type: string;
                                service_name: string;
                                /** @description decimal text */
                                total_cost: string;
                                currency: string;
                                transit_days?: number;
                                estimated_date?: string;
                                delivery_day?: string;
                                /** @description the price list that priced this rate: the carrier’s published list, or the one uploaded for the shipping account (README "Price lists"); absent when the carrier’s rating API priced it */
                                price_list?: {
                                    /** @enum {string} */
                                    source: "published";
                                } | {
                                    /** @enum {string} */
                                    source: "uploaded";
                                    /**
                                     * Format: date-time
                                     * @description when the list was uploaded
                                     */
                                    uploaded_at: string;
                                };
                                carrier?: string;
                                shipping_account?: string;
                            };
                            address_validation?: components["schemas"]["AddressValidationView"];
                            /** @description present when the booking call's answer was lost (the connection was cut or timed out, or the instance stopped mid-call) and the booking was found at the carrier by Waybill's reference, by a retry or by the service's own lookup once the call's timeout and the carrier's indexing delay had passed: says so, and whether its labels were fetched again from the carrier (else its packages carry no label) */
                            recovered?: string;
                            /**
                             * @description the tracking stage the shipment last reached
                             * @enum {unknown}
                             */
                            status: "CREATION_PENDING" | "CREATED" | "PICKED_UP" | "IN_TRANSIT" | "OUT_FOR_DELIVERY" | "DRIVER_ASSIGNED" | "CHECKED_IN" | "DELIVERED" | "SHIPMENT_VOIDED" | "EXCEPTION";
                            /** Format: date-time */
                            created: string;
                            /**
                             * Format: date-time
                             * @description when the shipment was cancelled: its labels are void from then on, their URLs unsigned, and GET /labels/{id} answers 410 label_voided
                             */
                            cancelled?: string;
                            /** @description the latest tracking result stored for it (POST /track refreshes it), with its checkpoints */
                            tracking?: components["schemas"]["TrackingResultView"];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listPickups: {
        parameters: {
            query?: {
                /** @description carrier slug */
                carrier?: "australiapost" | "canadapost" | "carrier_a" | "carrier_b" | "carrier_c" | "carrier_d" | "carrier_d_reseller" | "dhl_parcel_de";
                shipping_account?: string;
                status?: "scheduled" | "cancelled";
                /** @description a confirmation number */
                search?: string;
                /** @description on created: a date (whole day) or a date-time (UTC unless it has an offset) */
                start_date?: string;
                /** @description on created, inclusive: a date (whole day) or a date-time */
                end_date?: string;
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Pickups, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PickupView"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getPickup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The pickup */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pickup: components["schemas"]["PickupView"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    trackShipment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    track: {
                        /** @description shipping account id, e.g. "481516234200001" or 481516234200001 */
                        shipping_account: string | number;
                        tracking_number: string;
                        carrier?: string;
                        checkpoints?: boolean;
                        refresh?: boolean;
                        test?: boolean;
                        debug?: boolean;
                        webhooks?: boolean;
                    };
                } | unknown[];
            };
        };
        responses: {
            /** @description A tracking result; for a batch, an array of results and errors in request order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrackingResultView"] | (components["schemas"]["TrackingResultView"] | {
                        error: {
                            /**
                             * @description standardized error code
                             * @enum {unknown}
                             */
                            code: "missing_api_key" | "wrong_api_key" | "forbidden" | "tenant_suspended" | "platform_required" | "sign_in_failed" | "session_expired" | "schema_field_required" | "schema_validation_error" | "ship_date_past" | "invalid_phone_number" | "shipping_account_wrong_carrier" | "carrier_unsupported_method" | "carrier_exception" | "carrier_authentication" | "shipping_account_not_found" | "master_test_shipping_account_not_found" | "carrier_no_shipment_found" | "not_found" | "method_not_allowed" | "link_expired" | "label_voided" | "idempotency_key_reused" | "idempotency_key_in_use" | "conflict" | "payload_too_large" | "unsupported_media_type" | "rate_limited" | "limit_exceeded" | "carrier_throttling" | "unexpected_exception" | "carrier_http_exception" | "carrier_failed_connection" | "carrier_timeout" | "sealing_key_mismatch" | "service_unavailable" | "no_qualifying_rate" | "address_invalid";
                            /** @description what went wrong, e.g. the carrier’s own complaint */
                            message: string;
                            /** @description extra information: a field path, a carrier’s raw code */
                            detail: string;
                        };
                    })[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    cancelShipment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    cancel: {
                        /** @description shipping account id, e.g. "481516234200001" or 481516234200001 */
                        shipping_account: string | number;
                        tracking_number: string;
                        carrier?: string;
                        checkpoints?: boolean;
                        refresh?: boolean;
                        test?: boolean;
                        debug?: boolean;
                        webhooks?: boolean;
                        /** @description e.g. en_US, fr_CH, zh_Hant_HK */
                        locale?: string;
                    };
                };
            };
        };
        responses: {
            /** @description The carrier voided the shipment; it reads SHIPMENT_VOIDED from now on */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: {
                            message: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getPickupAvailability: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    pickup_availability: {
                        /** @description shipping account id, e.g. "481516234200001" or 481516234200001 */
                        shipping_account: string | number;
                        carrier: string;
                        location: components["schemas"]["PickupLocation"];
                        shipments: components["schemas"]["PickupShipment"][];
                        /** @enum {unknown} */
                        dim_units: "IN" | "CM";
                        /** @enum {unknown} */
                        weight_units: "KG" | "LB";
                        currency?: components["schemas"]["Currency"];
                        description?: string;
                        test?: boolean;
                        debug?: boolean;
                        /**
                         * Format: date
                         * @description ISO date YYYY-MM-DD
                         */
                        start_date: string;
                        /**
                         * Format: date
                         * @description ISO date YYYY-MM-DD
                         */
                        end_date: string;
                        /** @description HH:MM, 24-hour */
                        ready_time?: string;
                        /** @description HH:MM, 24-hour */
                        close_time?: string;
                    };
                };
            };
        };
        responses: {
            /** @description The request echoed with the dates and times the carrier offers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description shipping account id, e.g. "481516234200001" or 481516234200001 */
                        shipping_account: string | number;
                        carrier: string;
                        location: components["schemas"]["PickupLocation"];
                        shipments: components["schemas"]["PickupShipment"][];
                        /** @enum {unknown} */
                        dim_units: "IN" | "CM";
                        /** @enum {unknown} */
                        weight_units: "KG" | "LB";
                        currency?: components["schemas"]["Currency"];
                        description?: string;
                        test: boolean;
                        debug: boolean;
                        /**
                         * Format: date
                         * @description ISO date YYYY-MM-DD
                         */
                        start_date: string;
                        /**
                         * Format: date
                         * @description ISO date YYYY-MM-DD
                         */
                        end_date: string;
                        /** @description HH:MM, 24-hour */
                        ready_time?: string;
                        /** @description HH:MM, 24-hour */
                        close_time?: string;
                        dates: {
                            /**
                             * Format: date
                             * @description ISO date YYYY-MM-DD
                             */
                            date: string;
                            /** @description HH:MM, 24-hour */
                            earliest: string;
                            /** @description HH:MM, 24-hour */
                            latest: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    schedulePickup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    pickup: {
                        /** @description shipping account id, e.g. "481516234200001" or 481516234200001 */
                        shipping_account: string | number;
                        carrier: string;
                        location: components["schemas"]["PickupLocation"];
                        shipments: components["schemas"]["PickupShipment"][];
                        /** @enum {unknown} */
                        dim_units: "IN" | "CM";
                        /** @enum {unknown} */
                        weight_units: "KG" | "LB";
                        currency?: components["schemas"]["Currency"];
                        description?: string;
                        test?: boolean;
                        debug?: boolean;
                        time: {
                            /**
                             * Format: date
                             * @description ISO date YYYY-MM-DD
                             */
                            date: string;
                            /** @description HH:MM, 24-hour */
                            ready_time: string;
                            /** @description HH:MM, 24-hour */
                            close_time: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description The pickup as booked, with its confirmation number */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pickup: {
                            shipping_account: string;
                            carrier: string;
                            location: components["schemas"]["PickupLocation"];
                            shipments: components["schemas"]["PickupShipment"][];
                            /** @enum {unknown} */
                            dim_units: "IN" | "CM";
                            /** @enum {unknown} */
                            weight_units: "KG" | "LB";
                            currency: string;
                            description?: string;
                            test: boolean;
                            debug?: boolean;
                            time: {
                                /**
                                 * Format: date
                                 * @description ISO date YYYY-MM-DD
                                 */
                                date: string;
                                /** @description HH:MM, 24-hour */
                                ready_time: string;
                                /** @description HH:MM, 24-hour */
                                close_time: string;
                            };
                            id: string;
                            /** @description the carrier’s reference of the pickup; cancels it where the carrier allows */
                            confirmation_number: string;
                            /** @description the carrier’s code for the pickup location, where it has one */
                            location_code?: string;
                            /**
                             * Format: date
                             * @description ISO date YYYY-MM-DD
                             */
                            pickup_date: string;
                            /** @description HH:MM, 24-hour */
                            ready_time: string;
                            /** @description HH:MM, 24-hour */
                            close_time: string;
                            /** Format: date-time */
                            created: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    cancelPickup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    pickup_cancel: {
                        /** @description shipping account id, e.g. "481516234200001" or 481516234200001 */
                        shipping_account: string | number;
                        /** @description the confirmation_number POST /pickup answered */
                        confirmation_number: string;
                        /**
                         * Format: date
                         * @description ISO date YYYY-MM-DD
                         */
                        date?: string;
                        location?: string | components["schemas"]["Address"];
                        carrier?: string;
                        test?: boolean;
                        debug?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description The carrier cancelled the pickup */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: {
                            message: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    findDropoffLocations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    dopu: {
                        /** @description shipping account id, e.g. "481516234200001" or 481516234200001 */
                        shipping_account: string | number;
                        location: components["schemas"]["Address"];
                        radius?: number;
                        /** @enum {unknown} */
                        radius_units?: "MI" | "KM";
                        packaging?: string;
                        carrier?: string;
                        test?: boolean;
                        debug?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description The carrier’s locations, nearest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        locations: {
                            location_id: string;
                            location_name: string;
                            company_name?: string;
                            street1: string;
                            city: string;
                            state?: string;
                            postal_code?: string;
                            country: string;
                            lat?: number;
                            lng?: number;
                            distance?: number;
                            distance_units?: string;
                            operational_hours: {
                                MON?: {
                                    /** @description HH:MM, 24-hour */
                                    open: string;
                                    /** @description HH:MM, 24-hour */
                                    close: string;
                                };
                                TUE?: {
                                    /** @description HH:MM, 24-hour */
                                    open: string;
                                    /** @description HH:MM, 24-hour */
                                    close: string;
                                };
                                WED?: {
                                    /** @description HH:MM, 24-hour */
                                    open: string;
                                    /** @description HH:MM, 24-hour */
                                    close: string;
                                };
                                THU?: {
                                    /** @description HH:MM, 24-hour */
                                    open: string;
                                    /** @description HH:MM, 24-hour */
                                    close: string;
                                };
                                FRI?: {
                                    /** @description HH:MM, 24-hour */
                                    open: string;
                                    /** @description HH:MM, 24-hour */
                                    close: string;
                                };
                                SAT?: {
                                    /** @description HH:MM, 24-hour */
                                    open: string;
                                    /** @description HH:MM, 24-hour */
                                    close: string;
                                };
                                SUN?: {
                                    /** @description HH:MM, 24-hour */
                                    open: string;
                                    /** @description HH:MM, 24-hour */
                                    close: string;
                                };
                            };
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    createManifest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    manifest: {
                        /** @description shipping account id, e.g. "481516234200001" or 481516234200001 */
                        shipping_account: string | number;
                        tracking_numbers?: string[];
                        /**
                         * Format: date
                         * @description ISO date YYYY-MM-DD
                         */
                        ship_date?: string;
                        test?: boolean;
                        debug?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description The form (PDF in document) and the tracking numbers on it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        manifest: {
                            id: string;
                            carrier: string;
                            tracking_numbers: string[];
                            /** @description the end-of-day form, base64 PDF */
                            document: string;
                            /** Format: date-time */
                            created: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    validateCredentials: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    validate_credentials: {
                        /** @description shipping account id, e.g. "481516234200001" or 481516234200001 */
                        shipping_account: string | number;
                    } | {
                        carrier: string;
                        country: string;
                        auth: {
                            [key: string]: string;
                        };
                        test?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description Whether the carrier accepts them, and its words */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        valid: boolean;
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    mergeLabels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {unknown} */
                    file_type: "pdf" | "PDF" | "png" | "PNG" | "jpeg" | "JPEG" | "jpg" | "JPG";
                    files: string[];
                };
            };
        };
        responses: {
            /** @description One PDF, base64, with every label in order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pdf: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tenant’s endpoints, one page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhooks: components["schemas"]["WebhookView"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    webhook: {
                        /** @description https URL (or http to a public host) that receives POSTed events */
                        url: string;
                        /** @description event types to receive; ["*"] for all */
                        events: (("shipment.created" | "shipment.cancelled" | "tracking.updated" | "pickup.scheduled" | "pickup.cancelled" | "return.created" | "return.updated" | "batch.completed") | "*")[];
                        description?: string;
                    };
                };
            };
        };
        responses: {
            /** @description The endpoint with its signing secret (shown only here) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: {
                            message: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    webhook: {
                        /** @description https URL (or http to a public host) that receives POSTed events */
                        url?: string;
                        /** @description event types to receive; ["*"] for all */
                        events?: (("shipment.created" | "shipment.cancelled" | "tracking.updated" | "pickup.scheduled" | "pickup.cancelled" | "return.created" | "return.updated" | "batch.completed") | "*")[];
                        description?: string;
                        /** @description true re-enables an endpoint disabled after failing */
                        enabled?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description The endpoint as changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint with its new secret (shown only here) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                event_id?: string;
                status?: "pending" | "succeeded" | "failed";
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deliveries, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    replayWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new delivery, queued */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: components["schemas"]["DeliveryView"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description event type */
                type?: "shipment.created" | "shipment.cancelled" | "tracking.updated" | "pickup.scheduled" | "pickup.cancelled" | "return.created" | "return.updated" | "batch.completed";
                /** @description an event id or an ISO date-time: the events that come after it in the list’s order (later ones oldest first, earlier ones newest first) */
                after?: string;
                limit?: number;
                /** @description oldest_first (what a consumer catching up reads) or newest_first (what a person reads, as every other list) */
                order?: "oldest_first" | "newest_first";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Events, in the order asked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: {
                            id: string;
                            type: string;
                            /** Format: date-time */
                            created: string;
                            /** @description the resource as the API shows it: a booking, a Tracking result, a pickup, a return */
                            data: unknown;
                        }[];
                        has_more: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        event: {
                            id: string;
                            type: string;
                            /** Format: date-time */
                            created: string;
                            /** @description the resource as the API shows it: a booking, a Tracking result, a pickup, a return */
                            data: unknown;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    redeliverEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One new delivery per endpoint, queued */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listReturnMethods: {
        parameters: {
            query?: {
                /**
                 * @description ISO 3166-1 alpha-2 country code
                 * @example US
                 */
                country?: string;
                postal_code?: string;
                city?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The methods; with an address, drop-off options near it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        return_methods: components["schemas"]["ReturnMethodView"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    createReturnMethod: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    return_method: {
                        shipping_account: string;
                        method_name: string;
                        /**
                         * @description drop_off: the customer hands the parcel in; pickup: the carrier collects it
                         * @enum {unknown}
                         */
                        type: "drop_off" | "pickup";
                        /** @description a service of the account’s carrier */
                        service: string;
                        /** @description a packaging type of the carrier; else the account default */
                        packaging?: string;
                        /** @description a label type of the carrier; else the account default, else PDF */
                        label_type?: string;
                        cost: {
                            carrier_charge: number;
                            customer_charge: number;
                        };
                        return_charge: number;
                        destination?: components["schemas"]["Address"];
                    };
                };
            };
        };
        responses: {
            /** @description The method with its id and the carrier’s name and mark */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        return_method: components["schemas"]["ReturnMethodView"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getReturnMethod: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The method */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        return_method: components["schemas"]["ReturnMethodView"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    deleteReturnMethod: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: {
                            message: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    updateReturnMethod: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    return_method: {
                        method_name?: string;
                        /**
                         * @description drop_off: the customer hands the parcel in; pickup: the carrier collects it
                         * @enum {unknown}
                         */
                        type?: "drop_off" | "pickup";
                        /** @description a service of the account’s carrier */
                        service?: string;
                        /** @description a packaging type of the carrier; else the account default */
                        packaging?: string;
                        /** @description a label type of the carrier; else the account default, else PDF */
                        label_type?: string;
                        cost?: {
                            carrier_charge: number;
                            customer_charge: number;
                        };
                        return_charge?: number;
                        /** @description Where the method’s returned parcels go; null clears it, and they go to its shipping account’s billing_address (a pickup method needs one or the other) */
                        destination?: components["schemas"]["Address"] | null;
                    };
                };
            };
        };
        responses: {
            /** @description The method as changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        return_method: components["schemas"]["ReturnMethodView"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listReturns: {
        parameters: {
            query?: {
                /** @description on created: a date (whole day) or a date-time (UTC unless it has an offset) */
                start_date?: string;
                /** @description on created, inclusive: a date (whole day) or a date-time */
                end_date?: string;
                /** @description a tracking, reference or pickup confirmation number */
                search?: string;
                return_method?: string;
                customer_id?: string;
                order_id?: string;
                /** @description the shipment’s tracking stage */
                status?: "CREATION_PENDING" | "CREATED" | "PICKED_UP" | "IN_TRANSIT" | "OUT_FOR_DELIVERY" | "DRIVER_ASSIGNED" | "CHECKED_IN" | "DELIVERED" | "SHIPMENT_VOIDED" | "EXCEPTION";
                /** @description name:value; repeat for several (all must match) */
                custom?: string[];
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description without return_lines and without the label */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        customer_id: string;
                        order_id?: string;
                        /**
                         * @description date-time without zone (UTC)
                         * @example 2026-11-22T14:03:07
                         */
                        created: string;
                        custom: {
                            name: string;
                            /** @description any JSON value */
                            value: unknown;
                        }[];
                        return_lines?: components["schemas"]["ReturnLine"][];
                        return_method: components["schemas"]["ReturnMethodSummary"];
                        pickup?: {
                            id: string;
                            confirmation_number: string;
                            reference_number: string;
                            date?: string;
                            location_code?: string;
                            /** @description SCHEDULED or CANCELLED */
                            status: string;
                        };
                        shipment: {
                            id: string;
                            /**
                             * @description a return’s shipment is always of type return (GET /shipments/{id} says so too)
                             * @enum {string}
                             */
                            type: "return";
                            tracking_number: string;
                            reference_number: string;
                            /** @description the tracking stage */
                            status: string;
                            /** @description base64, in the single-return read */
                            label?: string;
                        };
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    createReturn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    return: {
                        return_method: string;
                        customer_id: string;
                        order_id?: string;
                        customer: components["schemas"]["Address"];
                        destination?: components["schemas"]["Address"];
                        return_lines: components["schemas"]["ReturnLine"][];
                        packages: components["schemas"]["Package"][];
                        custom?: {
                            name: string;
                            /** @description any JSON value */
                            value: unknown;
                        }[];
                        /** @description required for pickup methods */
                        pickup?: {
                            /**
                             * Format: date
                             * @description ISO date YYYY-MM-DD
                             */
                            date: string;
                            /** @description HH:MM, 24-hour */
                            ready_time: string;
                            /** @description HH:MM, 24-hour */
                            close_time: string;
                        };
                        /**
                         * Format: date
                         * @description ISO date YYYY-MM-DD
                         */
                        ship_date?: string;
                        currency?: components["schemas"]["Currency"];
                        /** @enum {unknown} */
                        dim_units?: "IN" | "CM";
                        /** @enum {unknown} */
                        weight_units?: "KG" | "LB";
                        test?: boolean;
                        debug?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description The return as booked, in the shape GET /returns/{id} reads */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        customer_id: string;
                        order_id?: string;
                        /**
                         * @description date-time without zone (UTC)
                         * @example 2026-11-22T14:03:07
                         */
                        created: string;
                        custom: {
                            name: string;
                            /** @description any JSON value */
                            value: unknown;
                        }[];
                        return_lines?: components["schemas"]["ReturnLine"][];
                        return_method: components["schemas"]["ReturnMethodSummary"];
                        pickup?: {
                            id: string;
                            confirmation_number: string;
                            reference_number: string;
                            date?: string;
                            location_code?: string;
                            /** @description SCHEDULED or CANCELLED */
                            status: string;
                        };
                        shipment: {
                            id: string;
                            /**
                             * @description a return’s shipment is always of type return (GET /shipments/{id} says so too)
                             * @enum {string}
                             */
                            type: "return";
                            tracking_number: string;
                            reference_number: string;
                            /** @description the tracking stage */
                            status: string;
                            /** @description base64, in the single-return read */
                            label?: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getReturn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The return with its lines and label */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        customer_id: string;
                        order_id?: string;
                        /**
                         * @description date-time without zone (UTC)
                         * @example 2026-11-22T14:03:07
                         */
                        created: string;
                        custom: {
                            name: string;
                            /** @description any JSON value */
                            value: unknown;
                        }[];
                        return_lines?: components["schemas"]["ReturnLine"][];
                        return_method: components["schemas"]["ReturnMethodSummary"];
                        pickup?: {
                            id: string;
                            confirmation_number: string;
                            reference_number: string;
                            date?: string;
                            location_code?: string;
                            /** @description SCHEDULED or CANCELLED */
                            status: string;
                        };
                        shipment: {
                            id: string;
                            /**
                             * @description a return’s shipment is always of type return (GET /shipments/{id} says so too)
                             * @enum {string}
                             */
                            type: "return";
                            tracking_number: string;
                            reference_number: string;
                            /** @description the tracking stage */
                            status: string;
                            /** @description base64, in the single-return read */
                            label?: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    updateReturn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    custom?: {
                        name: string;
                        /** @description any JSON value */
                        value: unknown;
                    }[];
                    shipment?: {
                        /**
                         * @description the only status a client may set
                         * @enum {string}
                         */
                        status: "SHIPMENT_VOIDED";
                    };
                };
            };
        };
        responses: {
            /** @description The return as changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        customer_id: string;
                        order_id?: string;
                        /**
                         * @description date-time without zone (UTC)
                         * @example 2026-11-22T14:03:07
                         */
                        created: string;
                        custom: {
                            name: string;
                            /** @description any JSON value */
                            value: unknown;
                        }[];
                        return_lines?: components["schemas"]["ReturnLine"][];
                        return_method: components["schemas"]["ReturnMethodSummary"];
                        pickup?: {
                            id: string;
                            confirmation_number: string;
                            reference_number: string;
                            date?: string;
                            location_code?: string;
                            /** @description SCHEDULED or CANCELLED */
                            status: string;
                        };
                        shipment: {
                            id: string;
                            /**
                             * @description a return’s shipment is always of type return (GET /shipments/{id} says so too)
                             * @enum {string}
                             */
                            type: "return";
                            tracking_number: string;
                            reference_number: string;
                            /** @description the tracking stage */
                            status: string;
                            /** @description base64, in the single-return read */
                            label?: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getCarrierMark: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the mark */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getTrackingPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the tracking page shows, without personal data */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tracking: {
                            merchant?: components["schemas"]["Merchant"];
                            carrier: string;
                            carrier_name: string;
                            service?: string;
                            tracking_number: string;
                            /** @enum {unknown} */
                            tracking_stage: "CREATION_PENDING" | "CREATED" | "PICKED_UP" | "IN_TRANSIT" | "OUT_FOR_DELIVERY" | "DRIVER_ASSIGNED" | "CHECKED_IN" | "DELIVERED" | "SHIPMENT_VOIDED" | "EXCEPTION";
                            status: string;
                            delivered: boolean;
                            delivery_date?: string;
                            estimated_delivery?: string;
                            checkpoints: {
                                /** @description local time at the place, with its UTC offset */
                                time: string;
                                description: string;
                                tracking_stage: string;
                                location?: {
                                    city?: string;
                                    state?: string;
                                    country?: string;
                                };
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    createReturnPortalLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    portal_link: {
                        customer_id: string;
                        order_id: string;
                        customer: components["schemas"]["Address"];
                        lines: {
                            line_id: string;
                            product_name: string;
                            sku: string;
                            /** @description ordered */
                            quantity: number;
                            value: number;
                            /** @description of one item, in weight_units */
                            weight: number;
                            hs_code?: string;
                            /**
                             * @description ISO 3166-1 alpha-2 country code
                             * @example US
                             */
                            country_of_manufacture?: string;
                        }[];
                        /** @description default: all of the tenant’s return methods */
                        return_methods?: string[];
                        /** @description the choices of the Reason list; a default list otherwise */
                        reasons?: string[];
                        /**
                         * @description how long the link works: 3600 (seconds), 90m, 24h, 7d; at most 90d
                         * @default 7d
                         */
                        expires_in?: string;
                        currency?: components["schemas"]["Currency"];
                        /** @enum {unknown} */
                        weight_units?: "KG" | "LB";
                        /** @enum {unknown} */
                        dim_units?: "IN" | "CM";
                    };
                };
            };
        };
        responses: {
            /** @description The customer’s signed link and when it expires */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        portal_link: {
                            id: string;
                            /**
                             * Format: uri
                             * @description the customer’s link: signed, holds no personal data
                             */
                            url: string;
                            /** Format: date-time */
                            expires: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getPortalPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the returns portal shows */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        portal: {
                            merchant?: components["schemas"]["Merchant"];
                            order_id: string;
                            /** Format: date-time */
                            expires: string;
                            currency?: string;
                            lines: {
                                line_id: string;
                                product_name: string;
                                sku: string;
                                /** @description ordered */
                                quantity: number;
                                /** @description in returns made through this link (voided ones not counted) */
                                returned: number;
                                returnable: number;
                            }[];
                            reasons: string[];
                            return_methods: {
                                id: string;
                                method_name: string;
                                carrier: string;
                                carrier_name: string;
                                /** @description path of the carrier’s neutral mark on this service */
                                carrier_logo: string;
                                /** @description drop_off or pickup */
                                type: string;
                                customer_charge: number;
                                /** @description drop-off places near the customer, nearest first */
                                options?: components["schemas"]["ReturnOption"][];
                                options_error?: {
                                    code: string;
                                    message: string;
                                    detail: string;
                                };
                                pickup_dates?: string[];
                            }[];
                            returns: components["schemas"]["PortalReturnSummary"][];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    createPortalReturn: {
        parameters: {
            query?: never;
            header: {
                "idempotency-key": string;
            };
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    return: {
                        return_method: string;
                        lines: {
                            line_id: string;
                            quantity: number;
                            reason: string;
                        }[];
                        /**
                         * Format: date
                         * @description ISO date YYYY-MM-DD
                         */
                        pickup_date?: string;
                    };
                };
            };
        };
        responses: {
            /** @description The return as booked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        return: components["schemas"]["PortalReturnSummary"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listBatches: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of batches, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchView"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    createBatch: {
        parameters: {
            query?: {
                /** @description shipping account id, e.g. "481516234200001" or 481516234200001 */
                shipping_account?: string | number;
                /** @description in place of shipping_account, with select: each row is rated with all these accounts and books the rate select picks; repeat the parameter per account (shipping_accounts=A&shipping_accounts=B); the rows ship from the billing_address of the first */
                shipping_accounts?: (string | number)[];
                /** @description with shipping_accounts: cheapest, fastest or best_value, the rate each row books */
                select?: "cheapest" | "fastest" | "best_value";
                service?: string;
                packaging?: string;
                label_type?: string;
                dim_units?: "IN" | "CM";
                weight_units?: "KG" | "LB";
                /** @description ISO date YYYY-MM-DD */
                ship_date?: string;
                reference?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BatchBody"];
                "text/csv": string;
            };
        };
        responses: {
            /** @description The batch, queued: its id, status and counts (GET /batches/{id} follows it) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch with its status and counts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listBatchShipments: {
        parameters: {
            query?: {
                status?: "queued" | "in_progress" | "booked" | "failed" | "cancelled";
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the batch’s items, in batch order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description position in the batch, from 0 */
                        index: number;
                        /** @description CSV line number; the header is line 1 */
                        row?: number;
                        reference: string | null;
                        /** @enum {unknown} */
                        status: "queued" | "in_progress" | "booked" | "failed" | "cancelled";
                        shipment?: {
                            id: string;
                            tracking_number: string;
                            carrier: string;
                            service: string | null;
                            costs?: components["schemas"]["Costs"];
                            /** @description the booking was found at the carrier after the instance booking it stopped mid-call: stored with its labels where the carrier hands them out again, else without (the shipment's `recovered` says which) */
                            recovered?: string;
                        };
                        error?: {
                            code: string;
                            message: string;
                            detail: string;
                        };
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getBatchLabels: {
        parameters: {
            query: {
                /** @description the format the labels were booked in */
                format: "pdf" | "zpl" | "epl";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description every booked label in batch order, streamed: PDF one label per page, ZPL and EPL concatenated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/octet-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    retryBatch: {
        parameters: {
            query?: {
                /** @description also requeue items whose carrier call a restart interrupted (the carrier may have booked them) */
                include_interrupted?: boolean;
                /** @description only these failed items (repeat the parameter); naming an interrupted item retries it */
                index?: number[];
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch, its failed items queued again */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    cancelBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch, its queued items cancelled */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    manifestBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One end-of-day form per shipping account whose carrier has them */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        manifests: {
                            id: string;
                            carrier: string;
                            tracking_numbers: string[];
                            /** @description the end-of-day form, base64 PDF */
                            document: string;
                            /** Format: date-time */
                            created: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getBranding: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The branding: members not set are absent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrandingAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    setBranding: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    branding: {
                        /** @description the shop’s name as customers know it; none: the pages name no shop */
                        display_name?: string;
                        /** @description the colour of the pages’ header band and buttons, #rrggbb; none: the pages’ own blue */
                        accent_color?: string;
                    };
                };
            };
        };
        responses: {
            /** @description The branding: members not set are absent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrandingAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    setBrandingLogo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the image as a data URL, data:image/png;base64,… or data:image/jpeg;base64,…: at most 256 KiB and 2,000 × 2,000 pixels; SVG is not taken. It is scaled to fit 720 × 144 and stored as a PNG the service writes. */
                    logo: string;
                };
            };
        };
        responses: {
            /** @description The branding: members not set are absent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrandingAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    deleteBrandingLogo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The branding: members not set are absent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrandingAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getMerchantLogo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description <id>.png, as logo_url names it */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the logo, a PNG */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getSignInMethods: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sign-in methods */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        password: boolean;
                        /** @description single sign-on (OpenID Connect) is configured: GET /session/sso starts it */
                        sso: boolean;
                        /** @description true on a fresh install, while no user exists: the operator makes the first owner on the server with `waybill users create --tenant <team> --email <address> --role owner --with-password` */
                        first_owner_needed?: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    session: {
                        /** @description e-mail address; compared without regard to case */
                        email: string;
                        password: string;
                    };
                };
            };
        };
        responses: {
            /** @description Who is signed in, with the CSRF token to send as X-CSRF-Token */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: {
                            message: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    acceptInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    invitation: {
                        /** @description what follows # in the invitation link */
                        token: string;
                        /** @description 10 to 200 characters */
                        password: string;
                        /** @description the person’s name, as the console shows it */
                        name?: string;
                    };
                };
            };
        };
        responses: {
            /** @description The new user, signed in, with the CSRF token to send as X-CSRF-Token */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Who the request acts as */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    signOutEverywhere: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many sessions ended */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: {
                            message: string;
                            ended: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The users */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        users: components["schemas"]["UserView"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    inviteUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    invitation: {
                        /** @description e-mail address; compared without regard to case */
                        email: string;
                        /** @description the person’s name, as the console shows it */
                        name?: string;
                        /**
                         * @description owner: everything; admin: accounts, webhooks, keys, users below owner; shipper: rate, ship, batches, pickups, returns, cancel; viewer: read only
                         * @enum {unknown}
                         */
                        role: "owner" | "admin" | "shipper" | "viewer";
                    };
                };
            };
        };
        responses: {
            /** @description The user (status invited) and the invitation’s link */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["UserView"];
                        invitation: {
                            /** @description the link to hand to the person: it works once, until it expires; a new invitation of the same person replaces it */
                            url: string;
                            /** Format: date-time */
                            expires: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: {
                            message: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    user: {
                        /** @description the person’s name, as the console shows it */
                        name?: string;
                        /**
                         * @description owner: everything; admin: accounts, webhooks, keys, users below owner; shipper: rate, ship, batches, pickups, returns, cancel; viewer: read only
                         * @enum {unknown}
                         */
                        role?: "owner" | "admin" | "shipper" | "viewer";
                        /** @description true ends the user’s sessions and refuses sign-in until set false again */
                        disabled?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description The user as changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The keys, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: components["schemas"]["KeyView"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    createKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    key: {
                        /** @description what the key is for */
                        name: string;
                        /**
                         * @description read, ship or admin; at most what the caller may do itself
                         * @enum {unknown}
                         */
                        scope: "read" | "ship" | "admin";
                        /**
                         * Format: date-time
                         * @description when the key stops working; absent: never
                         */
                        expires_at?: string;
                    };
                };
            };
        };
        responses: {
            /** @description The key’s record with the key itself (shown only here) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        key: components["schemas"]["KeyView"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    revokeKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: {
                            message: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listAudit: {
        parameters: {
            query?: {
                /** @description user:<id>, key:<id>, or an e-mail */
                actor?: string;
                /** @description label.bought, … */
                action?: string;
                /** @description an id or a type */
                resource?: string;
                start_date?: string;
                end_date?: string;
                format?: "json" | "csv" | "jsonl";
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Newest first (csv, jsonl: every match) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** Format: date-time */
                        at: string;
                        actor: {
                            /** @enum {unknown} */
                            kind: "user" | "key" | "jwt" | "operator" | "anonymous" | "platform" | "customer";
                            id?: string;
                            email?: string;
                        };
                        action: string;
                        resource: {
                            type: string;
                            id?: string;
                        };
                        ip?: string;
                        request_id?: string;
                        /** @description secrets masked */
                        changes?: {
                            [key: string]: unknown;
                        };
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listTenants: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tenants: {
                            id: string;
                            /** @enum {unknown} */
                            status: "active" | "suspended";
                            /** Format: date-time */
                            created: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    createTenant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    tenant: {
                        id: string;
                        owner_email: string;
                    };
                };
            };
        };
        responses: {
            /** @description The merchant */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tenant: {
                            id: string;
                            /** @enum {unknown} */
                            status: "active" | "suspended";
                            /** Format: date-time */
                            created: string;
                        };
                        key: components["schemas"]["KeyView"];
                        invitation: {
                            /** @description the link to hand to the person: it works once, until it expires; a new invitation of the same person replaces it */
                            url: string;
                            /** Format: date-time */
                            expires: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getTenant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The merchant */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tenant: {
                            id: string;
                            /** @enum {unknown} */
                            status: "active" | "suspended";
                            /** Format: date-time */
                            created: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    deleteTenant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: {
                            message: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    suspendTenant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The merchant */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tenant: {
                            id: string;
                            /** @enum {unknown} */
                            status: "active" | "suspended";
                            /** Format: date-time */
                            created: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    reactivateTenant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The merchant */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tenant: {
                            id: string;
                            /** @enum {unknown} */
                            status: "active" | "suspended";
                            /** Format: date-time */
                            created: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getUsage: {
        parameters: {
            query?: {
                month?: string;
                tenant?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Newest month first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        usage: {
                            tenant: string;
                            month: string;
                            carrier: string;
                            labels_booked: number;
                            labels_voided: number;
                            batch_items: number;
                            tracking_calls: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    previewBatch: {
        parameters: {
            query?: {
                /** @description shipping account id, e.g. "481516234200001" or 481516234200001 */
                shipping_account?: string | number;
                /** @description in place of shipping_account, with select: each row is rated with all these accounts and books the rate select picks; repeat the parameter per account (shipping_accounts=A&shipping_accounts=B); the rows ship from the billing_address of the first */
                shipping_accounts?: (string | number)[];
                /** @description with shipping_accounts: cheapest, fastest or best_value, the rate each row books */
                select?: "cheapest" | "fastest" | "best_value";
                service?: string;
                packaging?: string;
                label_type?: string;
                dim_units?: "IN" | "CM";
                weight_units?: "KG" | "LB";
                /** @description ISO date YYYY-MM-DD */
                ship_date?: string;
                reference?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BatchBody"];
                "text/csv": string;
            };
        };
        responses: {
            /** @description Each item priced or refused, in batch order, and the totals per currency */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        preview: {
                            items: {
                                /** @description position in the batch, from 0 */
                                index: number;
                                /** @description CSV line number; the header is line 1 */
                                row?: number;
                                reference: string | null;
                                /**
                                 * @description priced: it would be booked at `rate` (the service it would book, priced as POST /rate prices it); refused: it would fail with `error`
                                 * @enum {unknown}
                                 */
                                status: "priced" | "refused";
                                rate?: {
                                    service_type: string;
                                    service_name: string;
                                    /** @description decimal text */
                                    total_cost: string;
                                    currency: string;
                                    transit_days?: number;
                                    estimated_date?: string;
                                    delivery_day?: string;
                                    /** @description the price list that priced this rate: the carrier’s published list, or the one uploaded for the shipping account (README "Price lists"); absent when the carrier’s rating API priced it */
                                    price_list?: {
                                        /** @enum {string} */
                                        source: "published";
                                    } | {
                                        /** @enum {string} */
                                        source: "uploaded";
                                        /**
                                         * Format: date-time
                                         * @description when the list was uploaded
                                         */
                                        uploaded_at: string;
                                    };
                                    carrier?: string;
                                    shipping_account?: string;
                                };
                                error?: {
                                    code: string;
                                    message: string;
                                    detail: string;
                                };
                            }[];
                            counts: {
                                total: number;
                                priced: number;
                                refused: number;
                            };
                            /** @description per currency, largest count first */
                            totals: {
                                currency: string;
                                /** @description decimal text */
                                amount: string;
                                items: number;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
}
