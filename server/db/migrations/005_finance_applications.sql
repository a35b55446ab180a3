-- Finance applications (issue 11). Every customer handed to a finance broker is kept with the reference
-- the shopper is given (the embedded broker's 'application received' page is /finance-application/{reference}),
-- which broker took it and where it stands. Rows stored before this migration have no reference.
ALTER TABLE finance_customers ADD COLUMN reference text;
ALTER TABLE finance_customers ADD COLUMN broker text NOT NULL DEFAULT 'embedded';
ALTER TABLE finance_customers ADD COLUMN status text NOT NULL DEFAULT 'received';
CREATE UNIQUE INDEX finance_customers_tenant_reference ON finance_customers (tenant, reference);
CREATE INDEX finance_customers_tenant_phone ON finance_customers (tenant, phone);
