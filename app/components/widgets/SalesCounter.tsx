import { useEffect, useState } from "react";
import { monthlySalesCount, SALES_COUNTER_REFRESH_MS } from "~/domain/salesCounter";
import * as styles from "./widgets.css";
import { formatNumber } from "~/domain/money";

/**
 * The monthly sales counter. The server's count is what the page shows first (with or without
 * JavaScript); once interactive the browser counts again at once, since a cached page may be a minute
 * old, and every 150 seconds after that.
 */
export function SalesCounter({ initial }: { initial: number }) {
  const [count, setCount] = useState(initial);
  useEffect(() => {
    const update = () => setCount(monthlySalesCount(new Date()));
    update();
    const timer = window.setInterval(update, SALES_COUNTER_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <p className={styles.salesCounter} data-sales-counter>
      <strong className={styles.salesCount}>{formatNumber(count)}</strong> <span>cars sold this month</span>
    </p>
  );
}
