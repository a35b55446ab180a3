import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "Cars for sale" }];

/** One loader, a little data: twelve cars, as a results page's first screen would have. */
export function loader() {
  return Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `Car ${i + 1}`, price: 20_000 + i * 1_500 }));
}

export default function Cars() {
  const cars = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Cars for sale</h1>
      <p>Twelve cars from one dealer, listed by a page with one loader and one stylesheet.</p>
      <ul>
        {cars.map((car) => (
          <li key={car.id}>
            {car.name}: ${car.price.toLocaleString("en-AU")}
          </li>
        ))}
      </ul>
    </main>
  );
}
