/**
 * The order shapes of docs/orders.md, written out until the server's `API surface:` commit brings the
 * generated ones; replaced by the types of `@/api/generated` then.
 */

export type OrderStatus = 'pending' | 'approved' | 'dispatched' | 'delivered' | 'rejected' | 'returned';

export interface OrderLine {
  productId: string;
  name: string;
  quantity: number;
  price: number;
  lineTotal?: number;
}

export interface OrderUserDetails {
  country: string;
  province?: string | null;
  city?: string | null;
  name: string;
  phone1: string;
  phone2?: string | null;
  email: string;
  address: string;
  paymentMethod: string;
}

export interface OrderHistoryEntry {
  status: string;
  at: string;
  comment?: string | null;
  admin?: string | null;
}

export interface Order {
  _id: string;
  userId: string;
  status: string;
  cart: OrderLine[];
  subtotal: number;
  deliveryCharge: number;
  coupon?: string | null;
  couponDiscount: number;
  total: number;
  userDetails: OrderUserDetails;
  adminComment?: string | null;
  reviewTokens?: { productId: string; token: string }[];
  history: OrderHistoryEntry[];
  createdAt: string;
  updatedAt?: string;
}

export interface OrderQuote {
  cart: OrderLine[];
  subtotal: number;
  deliveryCharge: number;
  coupon?: string | null;
  couponDiscount: number;
  total: number;
  changes: string[];
}
