/** The smallest valid tenant.json content for tests: one dealership, one location; override the rest. */
export function minimalTenantInput(slug: string, overrides: Record<string, unknown> = {}) {
  return {
    slug,
    name: "Test Motors",
    contact: { phone: "02 9000 0000", email: "sales@test.example.com" },
    dealerships: [{ id: "d1", slug, name: "Test Motors" }],
    locations: [
      {
        id: "l1",
        name: "Test Motors",
        slug: "test-motors",
        dealership_id: "d1",
        dealership_slug: slug,
        address: { street: "1 Main Road", city: "Sydney", state: "NSW", postcode: "2000", lat: -33.8, long: 151.2 },
        contact_detail: { phone: "02 9000 0000" },
      },
    ],
    ...overrides,
  };
}
